import type { ReactNode } from 'react';
import { site } from '../content/site';

type ContactLinkProps = { className?: string; children?: ReactNode };

const classes = (className?: string) => ['contact-value', className].filter(Boolean).join(' ');

/** The business's phone number as a call link; the number never breaks across lines. */
export function PhoneLink({ className, children }: ContactLinkProps) {
  return (
    <a href={`tel:${site.phone.e164}`} className={classes(className)}>
      {children}
      {site.phone.display}
    </a>
  );
}

/** The business's email address as a mail link; the address never breaks across lines. */
export function EmailLink({ className, children }: ContactLinkProps) {
  return (
    <a href={`mailto:${site.email}`} className={classes(className)}>
      {children}
      {site.email}
    </a>
  );
}

const CONTACTS = [
  { text: site.email, Link: EmailLink },
  { text: site.phone.display, Link: PhoneLink },
];

/** Copy that quotes the business's email address or phone number, with each one a link of its own. */
export function TextWithContacts({ text }: { text: string }) {
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
