import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { brandMark } from "../../src/lib/brandMark";
import { enquiryMail } from "../../src/content/enquiryMail";
import { site } from "../../src/content/site";
import { perLocale } from "../../src/i18n/scope";
import { pageLocale } from "../../src/i18n/pageLocale";
import { isLatinRun } from "../../src/lib/bidi";

/**
 * Inline styles are physical (mail clients know no logical properties): the side a margin is on
 * is swapped for a right-to-left e-mail, in the language of the e-mail being rendered.
 */
const rtl = () => pageLocale().dir === "rtl";
const sides = (top: string, end: string, bottom: string, start: string) =>
  rtl() ? `${top} ${start} ${bottom} ${end}` : `${top} ${end} ${bottom} ${start}`;

/** The attachment id the logo is sent under (an inline image: nothing is fetched from a server). */
export const LOGO_CID = "eastgate-logo";

const { colours } = brandMark;
export const palette = {
  ink: colours.background,
  accent: colours.arch,
  paper: "#ffffff",
  page: "#f4efe6",
  text: "#1f2a30",
  muted: "#51606a",
  line: "#e2d9ca",
};

// Clients that honour a dark scheme get these (Apple Mail, Outlook apps); the rest keep the light
// one, whose colours were chosen to survive Gmail's automatic inversion.
const darkMode = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  /* React Email's Body repeats its style on the cell it wraps the content in. */
  .eg-page, .eg-page > table > tbody > tr > td { background: #0e1a1f !important; }
  .eg-card { background: #15252c !important; border-color: #2b3d45 !important; }
  .eg-text, .eg-text td, .eg-text th { color: #e8edf0 !important; }
  .eg-muted { color: #b4c0c6 !important; }
  .eg-link { color: #f5bd6b !important; }
}
@media (max-width: 480px) { .eg-card { padding: 20px 16px !important; } }
`;

const styles = perLocale(
  () =>
    ({
      body: {
        margin: 0,
        padding: "24px 0",
        backgroundColor: palette.page,
        fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
      },
      container: { maxWidth: "600px", width: "100%", margin: "0 auto", padding: "0 12px" },
      header: { padding: "8px 4px 16px" },
      brand: {
        display: "inline-block",
        verticalAlign: "middle",
        margin: sides("0", "0", "0", "10px"),
        fontFamily: "Georgia, 'Times New Roman', serif",
        fontSize: "22px",
        fontWeight: 700,
        color: palette.ink,
      },
      card: {
        backgroundColor: palette.paper,
        border: `1px solid ${palette.line}`,
        borderTop: `4px solid ${palette.accent}`,
        borderRadius: "8px",
        padding: "28px 28px",
        color: palette.text,
      },
      footer: { padding: "16px 4px", fontSize: "13px", lineHeight: "20px", color: palette.muted },
    }) satisfies Record<string, CSSProperties>,
);

interface Props {
  lang?: string;
  dir?: "ltr" | "rtl";
  /** The document's title: the subject. */
  title: string;
  /** The line a mail client shows beside the subject. */
  preview: string;
  /** Whether the logo is attached (cid:); without it the name stands alone. */
  logo: boolean;
  children: ReactNode;
}

/** Every e-mail we send: the mark and name, a white card, the office's contacts as tappable links. */
export function EmailLayout({
  lang = pageLocale().lang,
  dir = pageLocale().dir,
  title,
  preview,
  logo,
  children,
}: Props) {
  return (
    <Html lang={lang} dir={dir}>
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkMode}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body} className="eg-page" dir={dir}>
        <Container style={styles.container} dir={dir}>
          <Section style={styles.header}>
            {logo ? (
              <Img
                src={`cid:${LOGO_CID}`}
                width="40"
                height="40"
                alt=""
                style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "9px" }}
              />
            ) : null}
            <span style={styles.brand} className="eg-text">
              {site.name}
            </span>
          </Section>
          <Section style={styles.card} className="eg-card eg-text">
            {children}
          </Section>
          <Section style={styles.footer} className="eg-muted">
            <Text style={{ margin: "0 0 6px", fontSize: "13px" }} className="eg-muted">
              <Link href={`tel:${site.phone.tel}`} style={link} className="eg-link">
                <span dir="ltr">{site.phone.display}</span>
              </Link>
              {` · ${enquiryMail.layout.whatsappLabel} `}
              <Link href={`https://wa.me/${site.mobile.whatsapp}`} style={link} className="eg-link">
                <span dir="ltr">{site.mobile.display}</span>
              </Link>
              {" · "}
              <Link href={`mailto:${site.admissionsEmail}`} style={link} className="eg-link">
                <span dir="ltr">{site.admissionsEmail}</span>
              </Link>
            </Text>
            <Text style={{ margin: 0, fontSize: "13px" }} className="eg-muted">
              <span dir="ltr">{site.address.lines.join(", ")}</span>
              <br />
              {site.officeHours.map((o) => `${o.days}: ${o.hours}`).join(" · ")} (
              {enquiryMail.layout.londonTime})
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const link: CSSProperties = { color: "#0b5b6e", textDecoration: "underline" };

export const text: CSSProperties = { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };

/** A paragraph of the card. */
export const P = ({ children, muted }: { children: ReactNode; muted?: boolean }) => (
  <Text
    style={muted ? { ...text, fontSize: "13px", color: palette.muted } : text}
    className={muted ? "eg-muted" : "eg-text"}
  >
    {children}
  </Text>
);

/** The card's heading. */
export const Title = ({ children }: { children: ReactNode }) => (
  <Text
    style={{
      fontFamily: "Georgia, 'Times New Roman', serif",
      fontSize: "24px",
      lineHeight: "30px",
      fontWeight: 700,
      color: palette.ink,
      margin: "0 0 16px",
    }}
    className="eg-text"
  >
    {children}
  </Text>
);

/** Text with its line breaks (white-space is not honoured by every mail client). */
export const Lines = ({ text }: { text: string }) =>
  text.split("\n").map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));

/** Label / value rows (a form's fields, a booking's details); line breaks kept. */
export function Fields({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      width="100%"
      style={{ borderCollapse: "collapse", margin: "0 0 16px" }}
      className="eg-text"
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              align={rtl() ? "right" : "left"}
              style={{
                verticalAlign: "top",
                padding: sides("8px", "12px", "8px", "0"),
                borderTop: `1px solid ${palette.line}`,
                fontSize: "14px",
                color: palette.muted,
                fontWeight: 600,
                width: "36%",
              }}
              className="eg-muted"
            >
              {label}
            </th>
            <td
              style={{
                padding: "8px 0",
                borderTop: `1px solid ${palette.line}`,
                fontSize: "15px",
              }}
            >
              {isLatinRun(value) ? <span dir="ltr">{value}</span> : <Lines text={value} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A call to action: a link that looks like a button (big enough to tap). */
export const ButtonLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link
    href={href}
    style={{
      display: "inline-block",
      backgroundColor: palette.ink,
      color: "#ffffff",
      padding: "12px 20px",
      borderRadius: "6px",
      fontWeight: 600,
      fontSize: "16px",
      textDecoration: "none",
      margin: sides("0", "8px", "12px", "0"),
    }}
  >
    {children}
  </Link>
);

export { Hr };
