/**
 * How long a test waits for a condition before it gives up. Deadlines, not waits: every wait in the
 * suite ends as soon as its condition holds, so a long deadline costs nothing when things work.
 * They are sized for a 2-core machine whose emulators, Chromium and a build share the CPU (five
 * runs of test:stack beside a build loop took 326–343 s each and passed with these).
 */

/** Something a visitor does or sees in the browser. */
export const UI_TIMEOUT_MS = 20_000;
/** One image scrolled into view, loaded and decoded. */
export const IMAGE_TIMEOUT_MS = 30_000;
/** A stored enquiry becoming visible to the admin SDK. */
export const DOCUMENT_TIMEOUT_MS = 20_000;
/** A trigger's email: a cold functions worker loads its module, then sends through SMTP. */
export const DELIVERY_TIMEOUT_MS = 30_000;
