import { mainNav, headerCta } from "../../content/navigation";
import { site } from "../../content/site";
import { ui } from "../../content/ui";
import { Logo } from "./Logo";
import { Ticker } from "./Ticker";
import { LanguageSwitcher } from "./LanguageSwitcher";

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
    </header>
  );
}
