/** Bad content: one problem a line, each naming file, line, entry and field. */
export class ContentError extends Error {}
