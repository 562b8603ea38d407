/**
 * Every Firestore collection the site uses, named once: what each holds, who writes it, who may
 * read it, and how long its documents live. firestore.rules names the same collections by hand
 * (tests/rules proves what each rule lets through); firestore.indexes.json gives the TTL policies.
 *
 * Part of the contract: no imports.
 */

/** The full enquiry form's enquiries. Visitors create (rules: the contract's schema); sales read and follow up. */
export const ENQUIRY_COLLECTION = 'SME-enquiry-form';
/** The popup's short enquiries: the same access as the full form's. */
export const POPUP_ENQUIRY_COLLECTION = 'SME-popup-enquiry-form';
export const ENQUIRY_COLLECTIONS = [ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION] as const;
export type EnquiryCollection = (typeof ENQUIRY_COLLECTIONS)[number];

/**
 * Where a browser asks "was my submission stored?" after an attempt whose answer was lost: the
 * rules allow reading `<this collection>/<enquiry ID>` only when an enquiry with that ID exists.
 * No document is ever stored here; whether the read is allowed is the whole answer.
 */
export const ENQUIRY_RECEIPTS_COLLECTION = 'SME-enquiry-receipts';

/**
 * Admission control's bookkeeping, written by the functions alone (no rule lets a client near it);
 * every document carries `expiresAt` for the TTL policy. It holds the kinds of ADMISSION_DOCUMENTS.
 */
export const ADMISSION_COLLECTION = 'enquiry-admission';

/**
 * The kinds of document in ADMISSION_COLLECTION, by the start of their ID:
 * - slots: one sales email counted against a counter, `<counter>-<nnnn>`, with the counter's name
 *   in `counter`: a sender's day (`sender-<day>-<hash>`), the hour (`hour-<hour>`), the day
 *   (`day-<day>`), and one sales account's resends in an hour (`resend-<hour>-<hash>`); the hour and
 *   the day are the mail budget's, which every email takes (mail-budget.ts), and acknowledgements
 *   also take their own hour's, day's and recipient domain's (`ack-hour-`, `ack-day-`, `ack-domain-`);
 * - a duplicate fingerprint: the first enquiry of a sender and text, `duplicate-<hash>`, kept 24 hours;
 * - an acknowledgement mark: the one acknowledgement a mailbox gets a day, `acknowledgement-<day>-<hash>`;
 * - a digest lock: one hour's digest, `digest-<hour>`, with `kind: 'digest'`;
 * - a sweep checkpoint: where the missed-trigger scan of a collection goes on from,
 *   `sweep-checkpoint-<collection>`.
 * Hashes are of who wrote, never the address or number itself.
 */
export const ADMISSION_DOCUMENTS = {
  senderSlots: 'sender-',
  hourSlots: 'hour-',
  daySlots: 'day-',
  resendSlots: 'resend-',
  acknowledgementHourSlots: 'ack-hour-',
  acknowledgementDaySlots: 'ack-day-',
  acknowledgementDomainSlots: 'ack-domain-',
  duplicate: 'duplicate-',
  acknowledgement: 'acknowledgement-',
  digestLock: 'digest-',
  sweepCheckpoint: 'sweep-checkpoint-',
} as const;

/** How long a slot, an acknowledgement mark, a digest lock or a sweep checkpoint is kept (its `expiresAt`): three days. */
export const ADMISSION_RETENTION_MS = 3 * 24 * 60 * 60_000;

/**
 * `mail-usage/<India day>`: what the mail budget spent that day, by kind (mail-usage.ts), written
 * by the functions in the same transaction as each send's budget slot. Sales read it; no client writes it.
 */
export const MAIL_USAGE_COLLECTION = 'mail-usage';

/**
 * `enquiry-resends/<requestId>`: one inbox click on "Resend email", written by the resend function
 * before it sends (so a retried click sends nothing more); no client reads it; kept 30 days.
 */
export const RESENDS_COLLECTION = 'enquiry-resends';

/** `enquiry-response-stats/<week>`: one document a week, both forms together. Sales read it; no client writes it. */
export const RESPONSE_STATS_COLLECTION = 'enquiry-response-stats';

/**
 * `sales-revocations/<uid>`: `revokedAt`, in seconds, when `npm run sales -- revoke` withdrew the
 * account's access. An ID token keeps its claims for up to an hour; the rules and the inbox's
 * functions refuse any token whose sign-in (`auth_time`) is not later than this. No client reads it.
 */
export const SALES_REVOCATIONS_COLLECTION = 'sales-revocations';

/** `privacy-requests/<id>`: what was asked and done, without the identifier. No client reads it. */
export const PRIVACY_REQUESTS_COLLECTION = 'privacy-requests';

/**
 * `site-drafts/<section>` (site-content.ts: `product-machine-weft`, `trade-terms` …): the site's
 * content as the owner edits it. Only an account with the `owner` claim (beside `sales`, not
 * withdrawn) reads or writes it, each save one version on from the stored one; visitors and other
 * sales accounts read nothing of it. A publish renders it; the public pages never read it.
 */
export const SITE_DRAFTS_COLLECTION = 'site-drafts';

/**
 * `site-photos/<photo id>`: a photo the owner uploaded (its size, who and when), written by the
 * photo function after it has made the photo's files; the owner reads it, no client writes it.
 */
export const SITE_PHOTOS_COLLECTION = 'site-photos';

/**
 * `site-photo-uploads/<day>-<uid>`: how many photos an owner account uploaded in an India-time day
 * (`count`), for the daily quota; written by the photo function alone, no client reads it; kept
 * until `expiresAt` (two days) for the TTL policy.
 */
export const SITE_PHOTO_UPLOADS_COLLECTION = 'site-photo-uploads';

/**
 * `site-publishes/<id>`: each preview, publish and undo: who, when, what changed in words, how it
 * ended. Written by the publish function; the owner reads it (the Site part's history).
 */
export const SITE_PUBLISHES_COLLECTION = 'site-publishes';

/**
 * `site-live/current`: what the live site shows (its Hosting version and the content it was
 * rendered from, which the build reads); `site-live/lock`: the one publish running, with its lease.
 * Written by the functions alone; no client reads it.
 */
export const SITE_LIVE_COLLECTION = 'site-live';
