/**
 * Lengths of time in milliseconds, and the two-digit clock field, named once for the functions, the
 * site, the inbox, the scripts and the tests.
 *
 * Part of the contract: no imports.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

/** `07` for 7: a clock's or a date's field. */
export const twoDigits = (n: number) => String(n).padStart(2, '0');
