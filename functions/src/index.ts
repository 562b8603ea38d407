/**
 * Cloud Functions entry point, and only that: wires each trigger, the schedule and the inbox's
 * callables to the plain functions of enquiry/ and inbox/, handing them their dependencies
 * (config.ts makes them from the params).
 */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentCreated, onDocumentUpdated } from 'firebase-functions/firestore';
import { onCall } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import {
  deliveryDepsFrom,
  enquiryRegion,
  enquiryRetentionDays,
  privacyHashKey,
  resendRequiresAppCheck,
  smtpPassword,
  whatsappToken,
} from './config';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from './contract/collections';
import { handleEnquiryCreated } from './enquiry/delivery';
import { needsFollowUpRecord, recordFollowUp } from './enquiry/first-contact';
import { answerPrivacyRequest } from './inbox/privacy-callable';
import type { DeliveryDeps } from './enquiry/deps';
import { TRIGGER_MAX_INSTANCES } from './enquiry/delivery-state';
import { inboxCall } from './inbox/caller';
import { resendEnquiryEmail as resendForCaller } from './inbox/resend';
import { SWEEP_SCHEDULE, sweepUndeliveredEnquiries } from './enquiry/sweeper';

initializeApp();

/** Above the SMTP timeouts, below the delivery lease (see delivery-state.ts). */
const TRIGGER_TIMEOUT_SECONDS = 120;
const SWEEP_TIMEOUT_SECONDS = 540;

let deps: DeliveryDeps | undefined;

/** Params can only be read at run time: the dependencies (the SMTP transport with them) are made once, on the first invocation. */
function runtimeDeps(): DeliveryDeps {
  deps ??= deliveryDepsFrom(process.env, { db: getFirestore(), log: logger });
  return deps;
}

function notifySalesOn(collection: EnquiryCollection) {
  return onDocumentCreated(
    {
      document: `${collection}/{enquiryId}`,
      region: enquiryRegion,
      retry: true,
      secrets: [smtpPassword, whatsappToken],
      timeoutSeconds: TRIGGER_TIMEOUT_SECONDS,
      memory: '256MiB',
      maxInstances: TRIGGER_MAX_INSTANCES,
      concurrency: 1,
    },
    async (event) => {
      await handleEnquiryCreated(runtimeDeps(), collection, event);
    },
  );
}

export const notifySalesOfEnquiry = notifySalesOn(ENQUIRY_COLLECTION);
export const notifySalesOfPopupEnquiry = notifySalesOn(POPUP_ENQUIRY_COLLECTION);

/**
 * Records what a follow-up change means (first-contact.ts): how long the buyer waited, once, when
 * the inbox saves the first contact; and the enquiry's expiry, moved on from the change.
 */
function recordFollowUpOn(collection: EnquiryCollection) {
  return onDocumentUpdated(
    { document: `${collection}/{enquiryId}`, region: enquiryRegion, retry: true, memory: '256MiB' },
    async (event) => {
      // Every delivery-record change fires this too: only a follow-up change needs a transaction.
      const retentionDays = enquiryRetentionDays.value();
      if (!needsFollowUpRecord(event.data?.after.data(), retentionDays)) return;
      await recordFollowUp(getFirestore(), { collection, id: event.params.enquiryId }, retentionDays);
    },
  );
}

export const recordEnquiryFollowUp = recordFollowUpOn(ENQUIRY_COLLECTION);
export const recordPopupEnquiryFollowUp = recordFollowUpOn(POPUP_ENQUIRY_COLLECTION);

export const retryUndeliveredEnquiryEmails = onSchedule(
  {
    schedule: SWEEP_SCHEDULE,
    timeZone: 'Asia/Kolkata',
    region: enquiryRegion,
    secrets: [smtpPassword, whatsappToken],
    timeoutSeconds: SWEEP_TIMEOUT_SECONDS,
    memory: '256MiB',
    maxInstances: 1,
    // The next run 15 minutes later is the retry; overlapping runs would only contend for claims.
    retryCount: 0,
  },
  async (event) => {
    await sweepUndeliveredEnquiries(runtimeDeps(), `${event.scheduleTime}/${randomUUID()}`);
  },
);

/** Instances of the resend callable: a person clicks it, so two are plenty and a script cannot fan out. */
const RESEND_MAX_INSTANCES = 2;

/**
 * The sales inbox's "Resend email" (RESEND_FUNCTION in contract/resend.ts names it for the
 * browser): checks the `sales` claim, a revocation since sign-in, and the quota itself, see
 * resend.ts.
 */
export const resendEnquiryEmail = onCall(
  {
    region: enquiryRegion,
    secrets: [smtpPassword, whatsappToken],
    timeoutSeconds: TRIGGER_TIMEOUT_SECONDS,
    memory: '256MiB',
    maxInstances: RESEND_MAX_INSTANCES,
    concurrency: 1,
  },
  inboxCall(
    () => resendRequiresAppCheck.value(),
    (caller, data) => resendForCaller(runtimeDeps(), caller, data),
  ),
);

/**
 * The inbox's "Find this buyer's data" (PRIVACY_FUNCTION in contract/privacy.ts names it): find,
 * export or erase one person, for owner accounts only (privacy-callable.ts checks the claims).
 */
export const privacyRequest = onCall(
  {
    region: enquiryRegion,
    secrets: [privacyHashKey],
    timeoutSeconds: TRIGGER_TIMEOUT_SECONDS,
    memory: '256MiB',
    maxInstances: 1,
  },
  inboxCall(
    () => resendRequiresAppCheck.value(),
    (caller, data) =>
      answerPrivacyRequest(
        { db: getFirestore(), clock: () => new Date(), hashKey: privacyHashKey.value() },
        caller,
        data,
      ),
  ),
);
