/** The same SME monogram as web/public/favicon.svg, in one colour so the mark needs no ids. */
const GOLD = '#c9a75f';
/* The page's own font stacks, so the wordmark loads no font the page has not turned on (fonts.css). */
const DISPLAY_FONT = { fontFamily: 'var(--font-display)' };
const BODY_FONT = { fontFamily: 'var(--font-body)' };

type LogoProps = { className?: string };

/**
 * The brand mark (monogram tile) and wordmark. Decorative: the link or heading around it names the
 * company. The wordmark follows the text colour (currentColor), so it works on light and dark bars.
 */
export function Logo({ className }: LogoProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 236 64"
      width="177"
      height="48"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="64" height="64" rx="14" fill="#2a1420" />
      <rect x="3.5" y="3.5" width="57" height="57" rx="11" fill="none" stroke="#8a6420" strokeWidth="1.2" />
      <g fill="none" stroke={GOLD} strokeWidth="3.4">
        <path d="M20.4 26.4C19.6 23.6 17.4 22 14.6 22 11.3 22 9.2 24 9.2 26.9c0 3.4 2.9 4.5 5.7 5.6 3 1.1 5.9 2.5 5.9 6.2 0 3.2-2.5 5.3-6 5.3-3 0-5.4-1.5-6.3-4.4" />
        <path d="M25 44.5V22.5l7 17 7-17v22" strokeLinejoin="round" />
        <path d="M45.6 20.2V45.8M43.8 22h11.6v3.2M45.6 33h7.2M43.8 44h11.6v-3.2" />
      </g>
      <text
        x="80"
        y="37"
        fill="currentColor"
        style={DISPLAY_FONT}
        fontSize="34"
        fontWeight="600"
        letterSpacing="5"
      >
        SME
      </text>
      <path d="M80 45.5h30" stroke={GOLD} strokeWidth="1.2" />
      <text
        x="80"
        y="58"
        fill={GOLD}
        style={BODY_FONT}
        fontSize="9.5"
        fontWeight="600"
        letterSpacing="2.4"
        textLength="154"
        lengthAdjust="spacingAndGlyphs"
      >
        INDIAN HUMAN HAIR
      </text>
    </svg>
  );
}
