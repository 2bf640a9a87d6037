export function startHeader() {}
