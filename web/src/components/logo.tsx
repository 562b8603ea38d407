import { site } from '../content/site';
import './logo.css';

/** The same SME monogram as web/public/favicon.svg, in one colour so the mark needs no ids. */
const GOLD = '#c9a75f';

type LogoProps = { className?: string };

/**
 * The brand mark (monogram tile) and wordmark. Decorative: the link or heading around it names the
 * company. The words are text in the page's own fonts, sized and coloured to be read (WCAG AA on
 * the light header and on the dark footer); they follow the text colour around them.
 */
export function Logo({ className }: LogoProps) {
  return (
    <span className={['logo', className].filter(Boolean).join(' ')} aria-hidden="true">
      <svg className="logo__mark" viewBox="0 0 64 64" width="48" height="48">
        <rect width="64" height="64" rx="14" fill="#2a1420" />
        <rect x="3.5" y="3.5" width="57" height="57" rx="11" fill="none" stroke="#8a6420" strokeWidth="1.2" />
        <g fill="none" stroke={GOLD} strokeWidth="3.4">
          <path d="M20.4 26.4C19.6 23.6 17.4 22 14.6 22 11.3 22 9.2 24 9.2 26.9c0 3.4 2.9 4.5 5.7 5.6 3 1.1 5.9 2.5 5.9 6.2 0 3.2-2.5 5.3-6 5.3-3 0-5.4-1.5-6.3-4.4" />
          <path d="M25 44.5V22.5l7 17 7-17v22" strokeLinejoin="round" />
          <path d="M45.6 20.2V45.8M43.8 22h11.6v3.2M45.6 33h7.2M43.8 44h11.6v-3.2" />
        </g>
      </svg>
      <span className="logo__words">
        <span className="logo__name">{site.companyName}</span>
        <span className="logo__tagline">{site.logoLine}</span>
      </span>
    </span>
  );
}
