/**
 * The first touch of a visit (the contract's lead-source.ts): the first page this tab opened on the
 * site, the host that sent it there and that address's utm_ parameters, kept in sessionStorage so
 * every later page of the visit, and either form, knows it. No cookie: a new tab, or the same tab
 * after it was closed, starts a visit of its own.
 *
 * Every page runs this (entry-client.ts), so it imports nothing and records what it read as read:
 * the form cleans it to the contract when it sends (features/enquiry/enquiry-session.ts reads it,
 * under the same key, from a module of its own, so this stays in every page's one small chunk).
 */
export const FIRST_TOUCH_KEY = 'sme:first-touch';

/** Records the visit's first touch, unless this tab already has one. */
export function recordFirstTouch(location: Location = window.location, referrer = document.referrer): void {
  try {
    if (window.sessionStorage.getItem(FIRST_TOUCH_KEY)) return;
    let referrerHost = '';
    try {
      referrerHost = referrer ? new URL(referrer).hostname : '';
    } catch {
      // An unreadable referrer is no referrer.
    }
    const utm = new URLSearchParams(location.search);
    window.sessionStorage.setItem(
      FIRST_TOUCH_KEY,
      JSON.stringify({
        landing: location.pathname,
        referrer: referrerHost,
        utmSource: utm.get('utm_source') ?? '',
        utmMedium: utm.get('utm_medium') ?? '',
        utmCampaign: utm.get('utm_campaign') ?? '',
      }),
    );
  } catch {
    // Blocked storage only costs the lead's source, never the page.
  }
}
