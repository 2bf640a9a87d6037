import { categories } from "../content/programmes";
import { ui } from "../content/ui";

/** dist/404.html: served with status 404 for any unmatched URL. */
export function NotFoundPage() {
  return (
    <div className="section not-found">
      <div className="container prose">
        <p className="eyebrow">{ui.notFound.eyebrow}</p>
        <h1>{ui.notFound.title}</h1>
        <p>{ui.notFound.text}</p>
        <ul className="link-list">
          <li>
            <a href="/">{ui.notFound.homeLink}</a>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <a href={c.path}>{c.name}</a>
            </li>
          ))}
          <li>
            <a href="/contact">{ui.notFound.contact}</a>
          </li>
        </ul>
      </div>
    </div>
  );
}
