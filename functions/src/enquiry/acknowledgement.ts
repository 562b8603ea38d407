/**
 * The visitor's optional acknowledgement ("we have received your enquiry"): at most once per
 * enquiry and once a day per mailbox (`victim+1@` and `vic.tim@gmail.com` are `victim@`'s), within
 * its share of the mail budget, best effort, sent only after the sales email is recorded.
 */
import { ADMISSION_DOCUMENTS, ADMISSION_RETENTION_MS } from '../contract/enquiry/collections';
import { mailboxDomain } from '../contract/enquiry/contact-keys';
import { indiaDayKey, indiaHourKey } from '../contract/base/india-time';
import type { StoredEnquiry } from '../contract/enquiry/stored-enquiry';
import { Timestamp } from 'firebase-admin/firestore';
import { acknowledgementKey, admissionBackoffMs, hashKey } from './admission';
import {
  acknowledgementAllowance,
  ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY,
  budgetCounters,
  countCounters,
  fullCounter,
  spendMailBudget,
  type BudgetCounter,
} from './mail-budget';
import { lostSlot } from './slots';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import { admissionRef } from './admission-claim';
import { NOTIFICATION_FIELD, type AcknowledgementRecord } from '../contract/delivery/delivery';
import { documentRef } from './delivery-record';
import { describeSendError } from './delivery-state';
import { enquiryFields, LOG_EVENTS } from '../logs';
import { composeAcknowledgementEmail } from '../channels/mail/enquiry-emails';
import type { AdmissionLimits, DeliveryDeps } from './deps';

/** Why an acknowledgement was not sent because its mailbox had one today. */
const ALREADY_ACKNOWLEDGED = 'already acknowledged today';

/** The acknowledgement's own counters beside the mail budget's: its hour, its day, its recipient domain's hour. */
function acknowledgementCounters(address: string, limits: AdmissionLimits, now: Date): BudgetCounter[] {
  const allowance = acknowledgementAllowance(limits);
  const hour = indiaHourKey(now);
  return [
    ...budgetCounters('acknowledgement', limits, now),
    {
      counter: `${ADMISSION_DOCUMENTS.acknowledgementHourSlots}${hour}`,
      limit: allowance.hourly,
      why: "this hour's acknowledgements are all sent",
    },
    {
      counter: `${ADMISSION_DOCUMENTS.acknowledgementDaySlots}${indiaDayKey(now)}`,
      limit: allowance.daily,
      why: "today's acknowledgements are all sent",
    },
    {
      counter: `${ADMISSION_DOCUMENTS.acknowledgementDomainSlots}${hour}-${hashKey('domain', mailboxDomain(address))}`,
      limit: ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY,
      why: "this hour's acknowledgements to the address's domain are all sent",
    },
  ];
}

/**
 * Takes the mailbox's one acknowledgement of the day and a slot of every counter it needs, in one
 * transaction; or says why not (null when it may go). A claim that lost a slot to another email
 * counts again, as admission does.
 */
async function claimAcknowledgement(deps: DeliveryDeps, address: string, now: Date): Promise<string | null> {
  const todayRef = admissionRef(deps.db, acknowledgementKey(address, now));
  const counters = acknowledgementCounters(address, deps.limits, now);
  for (let round = 1; ; round += 1) {
    const counted = await countCounters(deps.db, counters);
    try {
      return await deps.db.runTransaction(async (transaction) => {
        if ((await transaction.get(todayRef)).exists) return ALREADY_ACKNOWLEDGED;
        const full = fullCounter(counted);
        if (full) return full.why;
        transaction.create(todayRef, {
          at: Timestamp.fromDate(now),
          [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + ADMISSION_RETENTION_MS),
        });
        spendMailBudget(deps.db, transaction, 'acknowledgement', counted, deps.limits, now);
        return null;
      });
    } catch (error) {
      // Each lost round means a slot went: the hour's budget is soon full, and then it says so.
      if (!lostSlot(error) || round > deps.limits.hourlyCap) throw error;
      await new Promise((resolve) => setTimeout(resolve, admissionBackoffMs(round)));
    }
  }
}

/**
 * The visitor's acknowledgement: at most once per enquiry and once a day per mailbox, within its
 * share of the mail budget (mail-budget.ts), best effort. It is sent only by the sender that just recorded SENT, and its failure is recorded but
 * never retried, because a retry could only be had by sending the sales email again.
 */
export async function acknowledgeVisitor(deps: DeliveryDeps, enquiry: StoredEnquiry): Promise<void> {
  const mail = composeAcknowledgementEmail(enquiry, deps.mail);
  const ref = { collection: enquiry.collection, id: enquiry.id };
  if (!mail) {
    deps.log.info(LOG_EVENTS.acknowledgementSkippedNoAddress, enquiryFields(ref));
    return;
  }
  const address = mail.to[0] ?? '';
  const now = deps.clock();
  const refusal = await claimAcknowledgement(deps, address, now);
  let record: AcknowledgementRecord;
  if (refusal) {
    record = { state: 'SKIPPED', at: Timestamp.fromDate(now), messageId: null, error: refusal };
    if (refusal === ALREADY_ACKNOWLEDGED)
      deps.log.info(LOG_EVENTS.acknowledgementSkippedToday, enquiryFields(ref));
    else deps.log.info(LOG_EVENTS.acknowledgementSkippedBudget, enquiryFields(ref, { reason: refusal }));
  } else {
    try {
      const sent = await deps.transport.send(mail);
      record = {
        state: 'SENT',
        at: Timestamp.fromDate(deps.clock()),
        messageId: sent.messageId,
        error: null,
      };
      deps.log.info(LOG_EVENTS.acknowledgementSent, enquiryFields(ref, { messageId: sent.messageId }));
    } catch (error) {
      const reason = describeSendError(error);
      record = { state: 'FAILED', at: Timestamp.fromDate(deps.clock()), messageId: null, error: reason };
      deps.log.warn(LOG_EVENTS.acknowledgementFailed, enquiryFields(ref, { error: reason }));
    }
  }
  await documentRef(deps.db, ref).update({ [`${NOTIFICATION_FIELD}.acknowledgement`]: record });
}
