/**
 * Claims on the site that a date makes untrue, found before a student does: the promoted intake
 * once it has started, official figures and estimates not checked for 12 months, a guide not
 * reviewed for 6, the bank holidays the booking page knows running out within 60 days. Each
 * warning names the file, the field and what to change. The build (so `npm start` too) prints
 * them; `npm run content -- check` exits non-zero on any, for a CI that wants to fail on them.
 */
import { loadEvents, type SiteEvent } from "../events/load";
import type { ContentModule } from "./validate";
import { intakeMonth } from "../lib/intake";
import type { Guide } from "../content/types";
import { relative } from "node:path";
import { loadedPages } from "../content/pages";

/** How long each kind of claim holds before it must be looked at again. */
export const REVIEW = { figureMonths: 12, guideMonths: 6, bankHolidayDays: 60, joinLinkDays: 7 };

/** "2025-01" or "2025-01-15" -> "2025-01-01" / "2025-01-15". */
const day = (date: string) => (date.length === 7 ? `${date}-01` : date);

function addMonths(date: string, months: number) {
  const [y, m, d] = day(date).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every object under `value` that has an `asOf`, with its path ("maintenance"). */
function* dated(value: unknown, path: string): Generator<[string, { asOf: string }]> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* dated(v, `${path}[${i}]`);
    return;
  }
  if (!value || typeof value !== "object") return;
  if (typeof (value as { asOf?: unknown }).asOf === "string")
    yield [path, value as { asOf: string }];
  for (const [k, v] of Object.entries(value)) yield* dated(v, path ? `${path}.${k}` : k);
}

/** One warning per claim out of date on `today` (YYYY-MM-DD); `events` as content/events.yaml has them. */
export function staleClaims(
  modules: ContentModule[],
  today: string,
  events: SiteEvent[] = loadEvents(),
): string[] {
  const of = (file: string) => modules.find((m) => m.file === file)?.exports ?? {};
  const warnings: string[] = [];

  const { promotedIntake, promotedIntakeApplyBy: applyBy } = of("src/content/site.ts").site as {
    promotedIntake: string;
    promotedIntakeApplyBy: string;
  };
  const starts = intakeMonth(promotedIntake);
  if (applyBy < today && !(starts && day(starts) <= today))
    warnings.push(
      `content/site.yaml promotedIntakeApplyBy: applications for ${promotedIntake} closed on ${applyBy} by our own advice, yet the ticker says they are open now. Promote the next intake: set promotedIntake and promotedIntakeApplyBy (Site settings in the editor).`,
    );
  if (starts && day(starts) <= today)
    warnings.push(
      `content/site.yaml promotedIntake: the promoted intake, ${promotedIntake}, started on ${day(starts)}, yet the hero, the ticker and the first guide still invite applications for it. Set promotedIntake to the next intake you promote, like "September 2027" (Site settings in the editor: one edit reaches every place it shows, in every language).`,
    );

  for (const [path, figure] of dated(of("content/costOfStudy.yaml"), "")) {
    const due = addMonths(figure.asOf, REVIEW.figureMonths);
    if (due <= today)
      warnings.push(
        `content/costOfStudy.yaml ${path}.asOf: dated ${figure.asOf}, over ${REVIEW.figureMonths} months ago. Check the figure against its source, correct it if it changed, and set asOf to the date you checked.`,
      );
  }

  // A staff page's facts (src/content/schema/pages.ts), as the cost planner's figures.
  for (const page of (of("content/pages").pages ?? []) as { slug: string }[])
    for (const [path, figure] of dated(page, "")) {
      const due = addMonths(figure.asOf, REVIEW.figureMonths);
      const file = loadedPages.find((l) => l.page.slug === page.slug)?.file;
      const name = file ? relative(process.cwd(), file) : `content/pages/${page.slug}.yaml`;
      if (due <= today)
        warnings.push(
          `${name} ${path.replace(/^\./, "")}.asOf: dated ${figure.asOf}, over ${REVIEW.figureMonths} months ago. Check the fact against its source, correct it if it changed, and set asOf to the date you checked.`,
        );
    }

  const guides = (of("content/guides").guides ?? []) as Guide[];
  guides.forEach((guide) => {
    const due = addMonths(guide.updated, REVIEW.guideMonths);
    if (due <= today)
      warnings.push(
        `content/guides/${guide.slug}.md updated: "${guide.slug}" was last reviewed on ${guide.updated}, over ${REVIEW.guideMonths} months ago. Read it through (dates, deadlines, fees, rules), fix what changed, and set updated to today.`,
      );
    (guide.deadlines ?? []).forEach((deadline, i) => {
      if (deadline.date < today)
        warnings.push(
          `content/guides/${guide.slug}.md deadlines[${i}]: "${deadline.note}" was ${deadline.date}, and the guide still gives it as to come. Change the text to the next deadline and set its date (or remove the entry with the text).`,
        );
    });
  });

  const booking = of("src/content/booking.ts").booking as
    { bankHolidays: { dates: { date: string }[] } } | undefined;
  const last = booking?.bankHolidays.dates
    .map((d) => d.date)
    .sort()
    .at(-1);
  if (last && last <= addDays(today, REVIEW.bankHolidayDays))
    warnings.push(
      `content/booking.yaml bankHolidays.dates: the last bank holiday listed is ${last}, within ${REVIEW.bankHolidayDays} days. Add the next year's from GOV.UK (https://www.gov.uk/bank-holidays) and set bankHolidays.checked; past it the build stops.`,
    );

  const scheduled = events.filter((e) => e.status === "scheduled");
  if (!scheduled.some((e) => e.startsAt.slice(0, 10) > today))
    warnings.push(
      `content/events.yaml events: no event to come after ${today}: the events page and the home page's "Coming up" are empty. Add the next webinars and open days.`,
    );
  for (const e of scheduled) {
    const date = e.startsAt.slice(0, 10);
    if (
      e.where === "online" &&
      !e.joinLink &&
      date >= today &&
      date <= addDays(today, REVIEW.joinLinkDays)
    )
      warnings.push(
        `content/events.yaml ${e.slug}.joinLink: the webinar starts on ${date} and has no join link, so the reminders a day and an hour before cannot carry one. Add joinLink.`,
      );
  }
  return warnings;
}
