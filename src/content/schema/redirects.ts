/** The shape of `content/redirects.yaml`: old addresses that lead to where their page went. */
import { z } from "zod";

const ADDRESS = /^\/[^\s?#]*$/;

export const redirectSchema = z
  .object({
    from: z
      .string()
      .regex(ADDRESS, "an address of this site starting with /, e.g. /guides/old-name")
      .meta({
        title: "Old address",
        description:
          "The address that no longer has a page, e.g. /guides/old-name. Its Arabic and Chinese addresses (/ar/…, /zh/…) follow by themselves: to the new page in that language, or to the English page while it has no current translation.",
      }),
    to: z
      .string()
      .regex(
        /^(\/[^\s?]*|https:\/\/\S+)$/,
        "a page of this site starting with /, or an https:// address",
      )
      .meta({
        title: "New address",
        description:
          "Where it went: a page of this site, e.g. /guides/new-name (or /guides/new-name#section), or an https:// address elsewhere.",
      }),
    permanent: z.boolean().default(true).meta({
      title: "For good",
      description:
        "On (301): the page moved for good; search engines move the old address's standing to the new one. Off (302): for a while, the old page will come back.",
    }),
  })
  .strict();

export const redirectsFileSchema = z.object({ redirects: z.array(redirectSchema) }).strict();

export type RedirectEntry = z.infer<typeof redirectSchema>;
