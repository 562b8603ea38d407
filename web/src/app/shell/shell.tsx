import type { ReactNode } from 'react';
import { ContactBar } from './contact-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './shell.css';

const MAIN_CONTENT_ID = 'main';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
      <ContactBar />
    </>
  );
}
