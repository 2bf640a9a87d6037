/**
 * The privacy notice (content/privacy.yaml, checked) with the site's facts filled in, the
 * retention periods it shows (content/retention.yaml), and the version each lead records.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { privacyFileSchema, type PrivacyNotice } from "./schema/privacy";
import { loadRetention } from "./retention";
import { fillSiteFacts } from "./siteFacts";
import { site } from "./site";
import { loadYaml } from "./yamlFile";
import { localizedAll } from "../i18n/scope";

export type { PrivacyNotice };

/** Where the notice is, in English (a translated locale's is under its prefix). */
export const PRIVACY_PATH = "/privacy";

const loaded = loadYaml(
  join(import.meta.dirname, "../../content/privacy.yaml"),
  privacyFileSchema,
  {
    sections: "section",
  },
);

/** The periods the notice shows (the same the server's retention job deletes by). */
export const retention = loadRetention();

/**
 * The notice's version, recorded with each lead: the day it last changed and a fingerprint of
 * its English words and the periods, so a change nobody dated is still a new version.
 */
export const noticeVersion = `${loaded.privacy.updated}.${createHash("sha256")
  .update(JSON.stringify([loaded.privacy, retention]))
  .digest("hex")
  .slice(0, 8)}`;

const contacts: Record<string, string> = { email: site.email, phone: site.phone.display };

const filled = fillSiteFacts(loaded);
const fillContacts = (v: unknown): unknown => {
  if (typeof v === "string")
    return v.replace(/\{(email|phone)\}/g, (_, name: string) => contacts[name]);
  if (Array.isArray(v)) return v.map(fillContacts);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, fillContacts(item)]));
  return v;
};

export const { privacy } = localizedAll(fillContacts(filled) as { privacy: PrivacyNotice });
