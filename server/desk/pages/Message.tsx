import type { ReactNode } from "react";
import { renderPage, type PageContext } from "./Layout";

/** A page that says one thing and what to do next (a refusal, an expired link). */
export function messagePage(
  title: string,
  context: PageContext,
  lines: ReactNode[],
  link: { href: string; label: string } = {
    href: "/desk/sign-in",
    label: "Go to the sign-in page",
  },
) {
  return renderPage(
    title,
    context,
    <>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      <p>
        <a href={link.href}>{link.label}</a>
      </p>
    </>,
  );
}
