/**
 * The two WhatsApp alerts: one per enquiry admitted for its own email (its record on the enquiry,
 * `notification.whatsapp`), and one line per hourly digest (its record on the hour's digest lock).
 */
import type { DocumentReference } from 'firebase-admin/firestore';
import { NOTIFICATION_FIELD } from '../contract/delivery/delivery';
import type { DeliveryDeps, EnquiryRef } from './deps';
import { readStoredEnquiry } from '../contract/enquiry/stored-enquiry';
import { claimToken, type Claimant } from './delivery-state';
import { digestAlertParameters, enquiryAlertParameters } from '../channels/whatsapp/alert-text';
import {
  deliverAlert,
  newAlertRecord,
  type AlertLocation,
  type AlertOutcome,
} from '../channels/whatsapp/channel';
import {
  DIGEST_ALERT_TEMPLATE,
  ENQUIRY_ALERT_TEMPLATE,
  type WhatsAppTemplate,
} from '../channels/whatsapp/templates';

/** Where an enquiry's alert is recorded. */
export const ENQUIRY_ALERT_FIELD = `${NOTIFICATION_FIELD}.whatsapp`;
/** Where a digest's line is recorded, on its lock. */
export const DIGEST_ALERT_FIELD = 'whatsapp';

const OFF: AlertOutcome = { status: 'skipped', reason: 'off' };

/**
 * What an enquiry admitted for its own email adds to its new delivery record: its WhatsApp alert to
 * every sales phone, waiting for its first claim, when the channel is on.
 */
export function admittedAlertRecord(deps: DeliveryDeps, now: Date): Record<string, unknown> {
  return deps.whatsapp?.numbers.length ? { whatsapp: newAlertRecord(deps.whatsapp.numbers, now) } : {};
}

/** A digest's WhatsApp line, recorded on its lock when it is sent, or null when the channel is off. */
export function digestAlertRecord(deps: DeliveryDeps, held: number, now: Date) {
  return deps.whatsapp?.numbers.length && held > 0 ? newAlertRecord(deps.whatsapp.numbers, now) : null;
}

/** One alert through the channel, when it is on: `parameters` read the record it is about. */
function alertOn(
  deps: DeliveryDeps,
  target: AlertLocation,
  claimant: Claimant,
  template: WhatsAppTemplate,
  parameters: (data: Record<string, unknown>, siteUrl: string) => string[],
): Promise<AlertOutcome> {
  const whatsapp = deps.whatsapp;
  if (!whatsapp) return Promise.resolve(OFF);
  return deliverAlert(
    { ...deps, whatsapp, retryDelaysMs: deps.alertRetryDelaysMs },
    target,
    { token: claimToken(claimant), sweep: claimant.kind === 'sweeper' },
    template,
    (data) => parameters(data, whatsapp.siteUrl),
  );
}

export function deliverEnquiryAlert(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
): Promise<AlertOutcome> {
  return alertOn(
    deps,
    { ref: deps.db.collection(enquiry.collection).doc(enquiry.id), field: ENQUIRY_ALERT_FIELD },
    claimant,
    ENQUIRY_ALERT_TEMPLATE,
    (data, siteUrl) => enquiryAlertParameters(readStoredEnquiry(enquiry, data), siteUrl),
  );
}

export function deliverDigestAlert(
  deps: DeliveryDeps,
  lock: DocumentReference,
  claimant: Claimant,
): Promise<AlertOutcome> {
  return alertOn(deps, { ref: lock, field: DIGEST_ALERT_FIELD }, claimant, DIGEST_ALERT_TEMPLATE, (data) =>
    digestAlertParameters(typeof data.held === 'number' ? data.held : 0),
  );
}
