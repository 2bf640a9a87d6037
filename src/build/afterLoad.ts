/**
 * Hold a head link back until the page has loaded: wrapped in `<noscript data-after-load>`, it
 * is inert while scripts run (src/client/afterLoad.ts adds it after the load event, so it never
 * competes with the first screen's requests) and an ordinary link where they do not.
 */
export function afterLoad(html: string, link: string): string {
  if (!html.includes(link)) throw new Error(`afterLoad: no ${link} in the page`);
  return html.replace(link, `<noscript data-after-load>${link}</noscript>`);
}
