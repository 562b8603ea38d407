/**
 * One mail budget for every email the site sends through its SMTP account: sales emails (the
 * inbox's resends too), the hourly digests and the visitors' acknowledgements. Each email takes a
 * slot of the budget's hour and day counters (`hour-<hour>`, `day-<day>`, slots.ts) in the same
 * transaction that records it, so however many triggers race the budget is never overspent, and
 * adds one to its kind in `mail-usage/<day>` (the inbox's summary shows that).
 *
 * Sales emails come first. They may use the caps (HOURLY_EMAIL_CAP, DAILY_EMAIL_CAP) as before;
 * the digest, at most one an hour, has room of its own beside them, so held enquiries are always
 * reported; an acknowledgement, a courtesy a stranger can ask for with any address, may use at
 * most ACKNOWLEDGEMENT_SHARE of the caps, at most ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY an hour to
 * one recipient domain, and never the last SALES_RESERVE_SHARE of the caps, which sales emails need.
 * The whole budget (mailBudget) is what the SMTP provider's quota must allow.
 */
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  ADMISSION_DOCUMENTS,
  ADMISSION_RETENTION_MS,
  MAIL_USAGE_COLLECTION,
} from '../contract/enquiry/collections';
import { indiaDayKey, indiaHourKey } from '../contract/base/india-time';
import { MAIL_USAGE_BUDGET_FIELD, type MailKind } from '../contract/delivery/mail-usage';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import type { AdmissionLimits } from './deps';
import { takeSlots, usedSlots } from './slots';

/** Digests go at most once an India-time hour (their lock), so at most this many a day. */
export const DIGESTS_PER_HOUR = 1;
export const DIGESTS_PER_DAY = 24 * DIGESTS_PER_HOUR;
/** The most of an hour's or a day's caps acknowledgements may use. */
export const ACKNOWLEDGEMENT_SHARE = 0.25;
/** The part of an hour's and a day's caps no acknowledgement may touch: it is kept for sales emails. */
export const SALES_RESERVE_SHARE = 0.5;
/** Acknowledgements an hour to one recipient domain (gmail.com and googlemail.com are one). */
export const ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY = 6;

export type MailBudget = { hourly: number; daily: number };

/** The whole budget, every kind together: what the SMTP provider's quota must allow. */
export function mailBudget(limits: AdmissionLimits): MailBudget {
  return { hourly: limits.hourlyCap + DIGESTS_PER_HOUR, daily: limits.dailyCap + DIGESTS_PER_DAY };
}

/** The caps less the sales reserve: as far into the budget as an acknowledgement may go. */
const shortOfSalesReserve = (cap: number) => cap - Math.ceil(cap * SALES_RESERVE_SHARE);

/** How far into the budget's hour and day counters an email of each kind may go. */
const KIND_CEILINGS: Record<MailKind, (limits: AdmissionLimits) => MailBudget> = {
  sales: (limits) => ({ hourly: limits.hourlyCap, daily: limits.dailyCap }),
  digest: mailBudget,
  acknowledgement: (limits) => ({
    hourly: shortOfSalesReserve(limits.hourlyCap),
    daily: shortOfSalesReserve(limits.dailyCap),
  }),
};

/** The most acknowledgements an hour and a day, whatever else was sent. */
export function acknowledgementAllowance(limits: AdmissionLimits): MailBudget {
  return {
    hourly: Math.floor(limits.hourlyCap * ACKNOWLEDGEMENT_SHARE),
    daily: Math.floor(limits.dailyCap * ACKNOWLEDGEMENT_SHARE),
  };
}

/** The budget's counter of an India-time hour: every email of that hour. */
export function hourCounter(now: Date): string {
  return `${ADMISSION_DOCUMENTS.hourSlots}${indiaHourKey(now)}`;
}

/** The budget's counter of an India-time day: every email of that day. */
export function dayCounter(now: Date): string {
  return `${ADMISSION_DOCUMENTS.daySlots}${indiaDayKey(now)}`;
}

/** A counter one email takes a slot of, and how many slots it may have. */
export type BudgetCounter = { counter: string; limit: number; why: string };
/** A counter as counted before a claim: `used` slots of `limit`. */
export type CountedCounter = BudgetCounter & { used: number };

/** The budget's hour and day counters for an email of `kind`, with that kind's ceilings. */
export function budgetCounters(kind: MailKind, limits: AdmissionLimits, now: Date): BudgetCounter[] {
  const ceiling = KIND_CEILINGS[kind](limits);
  return [
    { counter: hourCounter(now), limit: ceiling.hourly, why: `this hour's ${kind} mail budget is spent` },
    { counter: dayCounter(now), limit: ceiling.daily, why: `today's ${kind} mail budget is spent` },
  ];
}

/** How many slots each counter has used (count queries, outside the transaction that claims). */
export async function countCounters(db: Firestore, counters: BudgetCounter[]): Promise<CountedCounter[]> {
  const used = await usedSlots(
    db,
    counters.map(({ counter }) => counter),
  );
  return counters.map((counter, index) => ({ ...counter, used: used[index] ?? 0 }));
}

/** The first counter with no slot left, if any. */
export function fullCounter(counters: readonly CountedCounter[]): CountedCounter | undefined {
  return counters.find(({ used, limit }) => used >= limit);
}

/**
 * In the transaction that records an email: adds it to its kind on the day's usage document. A
 * write without a read, so it never makes claims wait on one another.
 */
export function recordMailUsage(
  db: Firestore,
  transaction: Transaction,
  kind: MailKind,
  limits: AdmissionLimits,
  now: Date,
): void {
  transaction.set(
    db.collection(MAIL_USAGE_COLLECTION).doc(indiaDayKey(now)),
    {
      [kind]: FieldValue.increment(1),
      [MAIL_USAGE_BUDGET_FIELD]: mailBudget(limits).daily,
      [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + ADMISSION_RETENTION_MS),
    },
    { merge: true },
  );
}

/** Takes one slot of each counted counter and records the email's kind, in the transaction. */
export function spendMailBudget(
  db: Firestore,
  transaction: Transaction,
  kind: MailKind,
  counters: readonly CountedCounter[],
  limits: AdmissionLimits,
  now: Date,
): void {
  takeSlots(db, transaction, counters, now);
  recordMailUsage(db, transaction, kind, limits, now);
}
