import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { CSRF_FIELD } from "../csrf";
import type { StaffMember } from "../staff";

/** What every desk page knows: who is signed in (if anyone), the form token, the assets. */
export interface PageContext {
  staff?: StaffMember;
  csrf: string;
  stylesheet: string;
  /** The desk's script's address (passkeys, new leads while a page is open). */
  script?: string;
  /** Which item of the menu is this page's. */
  current?:
    "home" | "inbox" | "consultations" | "events" | "privacy" | "staff" | "audit" | "account";
}

/** The hidden token every form posts. */
export const Csrf = ({ token }: { token: string }) => (
  <input type="hidden" name={CSRF_FIELD} value={token} />
);

function Menu({ context }: { context: PageContext }) {
  const { staff, current, csrf } = context;
  if (!staff) return null;
  const items: [PageContext["current"], string, string][] = [
    ["home", "/desk", "Home"],
    ["inbox", "/desk/inbox", "Inbox"],
    ["consultations", "/desk/consultations", "Consultations"],
    ["events", "/desk/events", "Events"],
    ...(staff.role !== "adviser"
      ? ([["privacy", "/desk/privacy", "Privacy"]] as [PageContext["current"], string, string][])
      : []),
    ...(staff.role === "admin"
      ? ([
          ["staff", "/desk/staff", "Staff"],
          ["audit", "/desk/audit", "Audit log"],
        ] as [PageContext["current"], string, string][])
      : []),
    ["account", "/desk/account", "Your sign-in"],
  ];
  return (
    <nav aria-label="Desk" className="desk-nav">
      <ul>
        {items.map(([key, href, label]) => (
          <li key={href}>
            <a href={href} aria-current={current === key ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
        <li>
          <form method="post" action="/desk/sign-out">
            <Csrf token={csrf} />
            <button type="submit" className="link-button">
              Sign out
            </button>
          </form>
        </li>
      </ul>
    </nav>
  );
}

/** A whole desk page: no inline script or style (the CSP allows neither). */
export function renderPage(title: string, context: PageContext, body: ReactNode) {
  return `<!DOCTYPE html>${renderToString(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · Eastgate desk`}</title>
        <link rel="stylesheet" href={context.stylesheet} />
        {context.script ? <script type="module" src={context.script} /> : null}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="desk-header">
          <p className="desk-brand">
            <a href="/desk">Eastgate desk</a>
            {context.staff ? (
              <span className="desk-who">
                {" "}
                {context.staff.name} ({context.staff.role})
              </span>
            ) : null}
          </p>
          <Menu context={context} />
        </header>
        <main id="main" className="desk-main">
          <h1>{title}</h1>
          {body}
        </main>
      </body>
    </html>,
  )}`;
}

const london = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  dateStyle: "medium",
  timeStyle: "short",
});

/** "6 Dec 2026, 14:05" in London. */
export const londonTime = (at: string) => london.format(new Date(at));

/** Made once: a formatter is slow to make, and a page has dozens of times. */
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "2 hours ago", "in 3 days". */
export function relative(at: string, now: number) {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const format = relativeFormat;
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps)
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  return "just now";
}

/** A time as London's clock shows it, with how long ago, in a <time>. */
export const When = ({ at, now }: { at: string; now: number }) => (
  <time dateTime={at}>
    {londonTime(at)} <span className="quiet">({relative(at, now)})</span>
  </time>
);
