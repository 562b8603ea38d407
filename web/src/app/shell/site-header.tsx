import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { site } from '../../content/site';
import { ABOUT_PATH, ENQUIRY_PATH, HOME_PATH, PRODUCTS_PATH } from '../../config/paths';

const NAV_LINKS = [
  { href: HOME_PATH, label: 'Home' },
  { href: PRODUCTS_PATH, label: 'Products' },
  { href: ABOUT_PATH, label: 'About' },
  { href: ENQUIRY_PATH, label: 'Enquiry' },
] as const;

/** A section is active on its own path and below it (/products/description is in Products). */
const isActive = (location: string, href: string) => location === href || location.startsWith(`${href}/`);

export function SiteHeader() {
  const [location] = useLocation();
  // The menu is open on the page where it was opened: a completed navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location : null);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus on a menu link would be lost with the closing list: it goes back to the toggle.
      if (menu.current?.contains(document.activeElement)) toggle.current?.focus();
      setOpenOn(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href={HOME_PATH} className="site-header__brand">
          <Logo />
          <span className="visually-hidden">{site.companyName} home</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <button
            ref={toggle}
            type="button"
            className="site-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
          <ul ref={menu} id={menuId} className="site-nav__list" data-open={menuOpen}>
            {NAV_LINKS.map((link) => {
              const active = isActive(location, link.href);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className={active ? 'site-nav__link site-nav__link--active' : 'site-nav__link'}
                    aria-current={active ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}
