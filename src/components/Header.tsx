import { mainNav, headerCta } from "../content/navigation";
import { site } from "../content/site";
import { ui } from "../content/ui";
import { Logo } from "./Logo";
import { Ticker } from "./Ticker";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Icon } from "./Icon";
import { SearchField } from "./SearchField";
import { searchCopy } from "../content/search";
import { localePath, pageLocale } from "../i18n/pageLocale";
import { SEARCH_PATH } from "../lib/siteSearch";

interface Props {
  /** Current route path, for aria-current and the home-only ticker. */
  path: string;
}

const isCurrent = (href: string, path: string) => href === path;

/** Sticky site header; src/client/header.ts adds hide-on-scroll, the dropdown and the mobile menu. */
export function Header({ path }: Props) {
  return (
    <header className="site-header" data-header>
      {path === "/" && <Ticker messages={site.ticker} />}
      <div className="container header-bar">
        <a className="brand" href="/">
          <Logo />
          <span className="brand-name">{site.name}</span>
        </a>
        {/* The search page without JavaScript; the script opens the field below instead. */}
        <a className="search-toggle" href={SEARCH_PATH} data-search-toggle>
          <Icon name="search" />
          <span className="visually-hidden">{searchCopy.open}</span>
        </a>
        {/* Works without JavaScript through :target; the script turns it into a toggle button. */}
        <a className="menu-toggle" href="#site-nav" aria-controls="site-nav" data-menu-toggle>
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="menu-toggle-label">{ui.header.menu}</span>
        </a>
        <nav id="site-nav" className="site-nav" aria-label={ui.header.mainNav}>
          <ul className="nav-list">
            {mainNav.map((item) =>
              "children" in item ? (
                <li className="nav-item has-dropdown" key={item.label} data-dropdown>
                  <button
                    type="button"
                    className="nav-link dropdown-toggle"
                    aria-expanded="false"
                    aria-controls="courses-menu"
                  >
                    {item.label}
                    <span className="chevron" aria-hidden="true" />
                  </button>
                  <ul className="dropdown" id="courses-menu">
                    {item.children.map((child) => (
                      <li key={child.href}>
                        <a
                          className="dropdown-link"
                          href={child.href}
                          aria-current={isCurrent(child.href, path) ? "page" : undefined}
                        >
                          {child.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li className="nav-item" key={item.href}>
                  <a
                    className="nav-link"
                    href={item.href}
                    aria-current={isCurrent(item.href, path) ? "page" : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
          <a className="button button-primary header-cta" href={headerCta.href}>
            <span className="cta-desktop">{headerCta.desktopLabel}</span>
            <span className="cta-mobile">{headerCta.mobileLabel}</span>
          </a>
          <LanguageSwitcher path={path} />
          <a className="menu-close" href="#top" data-menu-close>
            {ui.header.closeMenu}
          </a>
        </nav>
      </div>
      <HeaderSearch />
    </header>
  );
}

/**
 * The header's search field: opened by the search button once the page's script runs (the
 * button leads to the search page before). Focusing it loads the search (src/client/search.ts).
 */
function HeaderSearch() {
  return (
    <form
      className="header-search"
      id="header-search"
      role="search"
      action={localePath(pageLocale(), SEARCH_PATH)}
      method="get"
      hidden
      data-header-search
    >
      <div className="container header-search-inner combobox">
        <label className="visually-hidden" htmlFor="header-search-input">
          {searchCopy.label}
        </label>
        <SearchField id="header-search-input" listbox="header-search-list" />
        <button type="submit" className="button button-primary">
          {searchCopy.submit}
        </button>
        <ul
          id="header-search-list"
          className="combobox-list header-search-list"
          role="listbox"
          aria-label={searchCopy.suggestions}
          hidden
        />
        <p className="visually-hidden" role="status" data-search-status />
      </div>
    </form>
  );
}
