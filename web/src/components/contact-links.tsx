import type { ReactNode } from 'react';
import { site } from '../content/site';
import { hasSiteContent } from '../content/site-content';

type ContactLinkProps = { className?: string; children?: ReactNode };

/**
 * The phone and email as a render knows them: the owner's content at build or publish time, and in
 * the browser (a form's notice drawn after the page loaded) the page's own links, which the same
 * render wrote: the browser's code carries no content of its own.
 */
function contacts(): { phone: { display: string; e164: string }; email: string } {
  if (hasSiteContent()) return { phone: site.phone, email: site.email };
  const tel = document.querySelector<HTMLAnchorElement>('a[href^="tel:"]');
  const mail = document.querySelector<HTMLAnchorElement>('a[href^="mailto:"]');
  return {
    phone: { display: tel?.textContent?.trim() ?? '', e164: tel?.getAttribute('href')?.slice(4) ?? '' },
    email: mail?.getAttribute('href')?.slice(7) ?? '',
  };
}

const classes = (className?: string) => ['contact-value', className].filter(Boolean).join(' ');

/** The business's phone number as a call link; the number never breaks across lines. */
export function PhoneLink({ className, children }: ContactLinkProps) {
  const { phone } = contacts();
  return (
    <a href={`tel:${phone.e164}`} className={classes(className)}>
      {children}
      {phone.display}
    </a>
  );
}

/** The business's email address as a mail link; the address never breaks across lines. */
export function EmailLink({ className, children }: ContactLinkProps) {
  const { email } = contacts();
  return (
    <a href={`mailto:${email}`} className={classes(className)}>
      {children}
      {email}
    </a>
  );
}

/** Copy that quotes the business's email address or phone number, with each one a link of its own. */
export function TextWithContacts({ text }: { text: string }) {
  const { phone, email } = contacts();
  // A page without one of the links (the browser reads them from the page) has nothing to find for
  // it: an empty text would be found at every position, and the loop below would never end.
  const CONTACTS = [
    { text: email, Link: EmailLink },
    { text: phone.display, Link: PhoneLink },
  ].filter((contact) => contact.text !== '');
  const parts: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const next = CONTACTS.map((contact) => ({ ...contact, at: rest.indexOf(contact.text) }))
      .filter((contact) => contact.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    parts.push(rest.slice(0, next.at), <next.Link key={parts.length} />);
    rest = rest.slice(next.at + next.text.length);
  }
  parts.push(rest);
  return <>{parts}</>;
}
