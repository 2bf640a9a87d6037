/**
 * A staff page's campaign (content/pages/*.yaml `campaign:`), carried by its calls to action as
 * `?campaign=uk-september-2027` to the enquiry and booking forms, and from them to the server,
 * which keeps it with the enquiry or booking. Shared by the page schema, the browser and the
 * server, so all three accept exactly the same values.
 */
import { SLUG_PATTERN } from "./slug";

/** The hidden field (and the address's query parameter) that carries it. */
export const CAMPAIGN_FIELD = "campaign";

/** The longest campaign kept: the pages' schema allows none longer. */
export const CAMPAIGN_MAX_LENGTH = 60;

/** The campaign a value names, or undefined when it is empty or not a campaign (dropped, never an error). */
export function campaignOf(value: string | null | undefined): string | undefined {
  const campaign = (value ?? "").trim();
  return campaign.length <= CAMPAIGN_MAX_LENGTH && SLUG_PATTERN.test(campaign)
    ? campaign
    : undefined;
}

/** The campaign in an address's query (`?campaign=...`), or undefined. */
export const campaignInQuery = (search: string) =>
  campaignOf(new URLSearchParams(search).get(CAMPAIGN_FIELD));
