import { ui } from "../content/ui";
interface Props {
  messages: readonly string[];
}

/** Home-only admissions ticker; a second, hidden copy makes the CSS loop seamless. */
export function Ticker({ messages }: Props) {
  const items = (hidden: boolean) =>
    messages.map((m) => (
      <li key={m} aria-hidden={hidden || undefined}>
        {m}
      </li>
    ));
  return (
    <div className="ticker" role="region" aria-label={ui.home.ticker}>
      <ul className="ticker-track">
        {items(false)}
        {items(true)}
      </ul>
    </div>
  );
}
