/**
 * Remembers, for this browser session, that the visitor has already sent an enquiry: after that
 * the site stops opening timed popups.
 */
const SUBMITTED_KEY = 'sme:enquiry-submitted';
const SUBMITTED_EVENT = 'sme:enquiry-submitted';

export function hasSubmittedEnquiry(): boolean {
  try {
    return window.sessionStorage.getItem(SUBMITTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function markEnquirySubmitted(): void {
  try {
    window.sessionStorage.setItem(SUBMITTED_KEY, '1');
  } catch {
    // Storage can be unavailable (private modes); the event below still stops this page's popups.
  }
  window.dispatchEvent(new Event(SUBMITTED_EVENT));
}

export function onEnquirySubmitted(listener: () => void): () => void {
  window.addEventListener(SUBMITTED_EVENT, listener);
  return () => window.removeEventListener(SUBMITTED_EVENT, listener);
}

/** Where lib/first-touch.ts keeps the visit's first touch (a key of its own, so no chunk is shared). */
const FIRST_TOUCH_KEY = 'sme:first-touch';

/** The visit's first touch as every page recorded it, or null (none, or storage blocked). */
export function readFirstTouch(): unknown {
  try {
    const raw = window.sessionStorage.getItem(FIRST_TOUCH_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}
