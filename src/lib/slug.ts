/** A stable element id from a text: "PhD Degrees" gives "phd-degrees". */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Lower-case words joined by hyphens ("uk-september-2027"): the content schema's slug, and what
 * the server and the browser accept as a campaign.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
