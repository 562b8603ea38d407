/**
 * The visitor's optional acknowledgement ("we have received your enquiry"): at most once per
 * enquiry and once a day per address, best effort, sent only after the sales email is recorded.
 */
import { ADMISSION_RETENTION_MS } from '../contract/collections';
import type { StoredEnquiry } from '../contract/stored-enquiry';
import { Timestamp } from 'firebase-admin/firestore';
import { acknowledgementKey } from './admission';
import { EXPIRES_AT_FIELD } from '../contract/retention';
import { admissionRef } from './admission-claim';
import { NOTIFICATION_FIELD, type AcknowledgementRecord } from '../contract/delivery';
import { documentRef } from './delivery-record';
import { describeSendError } from './delivery-state';
import { enquiryFields, LOG_EVENTS } from '../logs';
import { composeAcknowledgementEmail } from '../channels/mail/enquiry-emails';
import type { DeliveryDeps } from './deps';

/**
 * The visitor's acknowledgement: at most once per enquiry and once a day per address, best
 * effort. It is sent only by the sender that just recorded SENT, and its failure is recorded but
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
  const todayRef = admissionRef(deps.db, acknowledgementKey(address, now));
  const first = await deps.db.runTransaction(async (transaction) => {
    const today = await transaction.get(todayRef);
    if (today.exists) return false;
    transaction.create(todayRef, {
      at: Timestamp.fromDate(now),
      [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + ADMISSION_RETENTION_MS),
    });
    return true;
  });
  let record: AcknowledgementRecord;
  if (!first) {
    record = {
      state: 'SKIPPED',
      at: Timestamp.fromDate(now),
      messageId: null,
      error: 'already acknowledged today',
    };
    deps.log.info(LOG_EVENTS.acknowledgementSkippedToday, enquiryFields(ref));
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
