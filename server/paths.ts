/** Where the local server takes enquiries; `npm start` builds the forms to post here. */
export const ENQUIRY_PATH = "/api/enquiry";
