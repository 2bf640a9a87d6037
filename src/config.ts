/**
 * Build-time configuration, from the environment of `npm run build`.
 * ENQUIRY_ENDPOINT: where the enquiry forms post (the local server's /api/enquiry, or a hosted
 * form service's URL). Unset: the forms fall back to a pre-filled e-mail to admissions.
 */
export const enquiryEndpoint = process.env.ENQUIRY_ENDPOINT?.trim() || "";
