/**
 * How long an enquiry is kept: the privacy policy promises "no more than three years after our
 * last contact with you". Each enquiry carries `expiresAt`, set by the functions alone (the rules
 * refuse it from any client): its arrival or its last follow-up change, whichever is later, plus
 * ENQUIRY_RETENTION_DAYS. Firestore's TTL policy deletes it then (firestore.indexes.json); the
 * emulator has no TTL, so `npm run privacy -- purge-expired` does it there.
 *
 * Part of the contract: the policy page names the same period the functions keep.
 */
import { DAY_MS } from '../base/time';
export const DEFAULT_ENQUIRY_RETENTION_DAYS = 1095;
/** The field a TTL policy deletes by, on enquiries, resend records and admission documents. */
export const EXPIRES_AT_FIELD = 'expiresAt';

/** When an enquiry last touched at `lastTouched` may be deleted. */
export function retentionEnd(lastTouched: Date, retentionDays: number): Date {
  return new Date(lastTouched.getTime() + retentionDays * DAY_MS);
}

/** "three years" for 1,095 days, else the days: as the policy says it. */
export function retentionText(retentionDays: number): string {
  if (retentionDays % 365 === 0) {
    const years = retentionDays / 365;
    const words = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];
    return `${words[years] ?? years} year${years === 1 ? '' : 's'}`;
  }
  return `${retentionDays} days`;
}
