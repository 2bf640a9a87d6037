import type { IncomingMessage } from "node:http";
import type { ProxyTrust } from "./proxies";
import { CAMPAIGN_FIELD, campaignInQuery, campaignOf } from "../../src/lib/campaign";

/**
 * The campaign a posted form came from: its hidden `campaign` field (filled by the page's script
 * from `?campaign=`), or, when that is empty (JavaScript off), the query of the page it was
 * posted from, read from the Referer, which the site's Referrer-Policy
 * (strict-origin-when-cross-origin, src/build/headers.ts) sends whole to the same origin. A
 * Referer from another host is never read. An invalid value is dropped: it never refuses a lead.
 */
export function postedCampaign(
  fields: Record<string, string>,
  req: IncomingMessage,
  trustProxy: ProxyTrust,
): string | undefined {
  const posted = (fields[CAMPAIGN_FIELD] ?? "").trim();
  if (posted) return campaignOf(posted);
  return refererCampaign(req, trustProxy);
}

/** `?campaign=` of the Referer, when the Referer is a page of this host. */
export function refererCampaign(req: IncomingMessage, trustProxy: ProxyTrust) {
  const referer = req.headers.referer;
  if (!referer) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || !ownHosts(req, trustProxy).includes(url.host))
    return undefined;
  return campaignInQuery(url.search);
}

/** The host names this request was addressed to (a trusted proxy's X-Forwarded-Host). */
function ownHosts(req: IncomingMessage, trustProxy: ProxyTrust) {
  const hosts = [req.headers.host];
  const forwarded = req.headers["x-forwarded-host"];
  if (trustProxy(req.socket.remoteAddress ?? "") && typeof forwarded === "string")
    hosts.push(forwarded.split(",")[0]);
  return hosts.filter((h): h is string => !!h).map((h) => h.trim().toLowerCase());
}

/** The advisers' e-mails' line (English, as their other labels), only when there is a campaign. */
export const campaignRows = (campaign: string | undefined): [string, string][] =>
  campaign ? [["Campaign", campaign]] : [];
