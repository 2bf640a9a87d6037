import { categories } from "../../content/programmes";

/** dist/404.html: served with status 404 for any unmatched URL. */
export function NotFoundPage() {
  return (
    <div className="section not-found">
      <div className="container prose">
        <p className="eyebrow">Error 404</p>
        <h1>Page not found</h1>
        <p>The page you asked for isn’t here. It may have moved, or the link may be mistyped.</p>
        <ul className="link-list">
          <li>
            <a href="/">Go to the home page</a>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <a href={c.path}>{c.name}</a>
            </li>
          ))}
          <li>
            <a href="/contact">Contact an adviser</a>
          </li>
        </ul>
      </div>
    </div>
  );
}
