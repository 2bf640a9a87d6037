/**
 * Facts that live once, in content/site.yaml, written into a YAML file's texts by name: the
 * agency's name is `{agency}` in content/services.yaml, so renaming the agency is one edit.
 * Only these names are filled; any other `{word}` is left for the page that fills it.
 */
import { site } from "./site";

const [lastIntake, ...earlier] = [...site.intakes].reverse();

export const siteFacts: Record<string, string> = {
  /** "Eastgate Education" */
  agency: site.name,
  /** "January 2026": the intake the site promotes (a guide's title) */
  intake: site.promotedIntake,
  /** "within one business day" */
  replyTime: site.replyTime,
  /** "September / January / May" */
  intakes: site.intakes.join(" / "),
  /** "September, January or May" */
  intakeList: `${earlier.reverse().join(", ")} or ${lastIntake}`,
  /** "2020": the year the agency was founded */
  established: String(site.established),
  /** "4.9/5": the students' rating */
  rating: `${site.rating.score}/${site.rating.outOf}`,
  /** "120": the students who rated us */
  students: String(site.rating.students),
  /** "Unit 4, Eastgate House, 112 Whitechapel Road, London E1 1JE" */
  officeAddress: site.address.lines.slice(0, -1).join(", "),
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** `value` with every `{fact}` in its strings replaced, in place (the loaded data is ours). */
export function fillSiteFacts<T>(value: T): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === "string")
      return v.replace(PLACEHOLDER, (whole, name: string) => siteFacts[name] ?? whole);
    if (Array.isArray(v)) v.forEach((item, i) => (v[i] = fill(item)));
    else if (v && typeof v === "object")
      for (const [k, item] of Object.entries(v)) (v as Record<string, unknown>)[k] = fill(item);
    return v;
  };
  return fill(value) as T;
}
