import { useId } from 'react';
import { useLocation } from 'wouter';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { site } from '../../content/site';
import { ABOUT_PATH, ENQUIRY_PATH, HOME_PATH, PRODUCTS_PATH } from '../../config/paths';
import { MENU_LABELS, MENU_TOGGLE_CLASS } from './site-menu';

const NAV_LINKS = [
  { href: HOME_PATH, label: 'Home' },
  { href: PRODUCTS_PATH, label: 'Products' },
  { href: ABOUT_PATH, label: 'About' },
  { href: ENQUIRY_PATH, label: 'Enquiry' },
] as const;

/** A section is active on its own path and below it (/products/description is in Products). */
const isActive = (location: string, href: string) => location === href || location.startsWith(`${href}/`);

/**
 * The header, rendered at build time with the current section marked. On phones the links sit
 * behind a menu button, which site-menu.ts opens and closes in the browser (no React: the page's
 * static rest is never hydrated; a new page comes with the menu closed).
 */
export function SiteHeader() {
  const [location] = useLocation();
  const menuId = useId();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a href={HOME_PATH} className="site-header__brand">
          <Logo />
          <span className="visually-hidden">{site.companyName} home</span>
        </a>
        <nav className="site-nav" aria-label="Main">
          <button type="button" className={MENU_TOGGLE_CLASS} aria-expanded={false} aria-controls={menuId}>
            <MenuIcon className="site-nav__icon-open" />
            <CloseIcon className="site-nav__icon-close" />
            <span className="visually-hidden">{MENU_LABELS.open}</span>
          </button>
          <ul id={menuId} className="site-nav__list" data-open={false}>
            {NAV_LINKS.map((link) => {
              const active = isActive(location, link.href);
              return (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className={active ? 'site-nav__link site-nav__link--active' : 'site-nav__link'}
                    aria-current={active ? 'page' : undefined}
                  >
                    {link.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}
