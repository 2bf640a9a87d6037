export function startAnchors() {}
