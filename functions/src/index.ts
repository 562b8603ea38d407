/**
 * Cloud Functions entry point: wires the triggers to the plain functions in delivery.ts and
 * sweeper.ts, handing them the SMTP transport, the settings, the clock and the logger.
 */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentCreated, onDocumentUpdated } from 'firebase-functions/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import {
  enquiryRegion,
  readAdmissionLimits,
  readMailSettings,
  readSmtpSettings,
  readWhatsAppSettings,
  enquiryRetentionDays,
  resendRequiresAppCheck,
  smtpPassword,
  whatsappToken,
} from './config';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from './contract/collections';
import { handleEnquiryCreated } from './enquiry/delivery';
import { needsFollowUpRecord, recordFollowUp } from './enquiry/first-contact';
import { answerPrivacyRequest } from './inbox/privacy-callable';
import type { DeliveryDeps } from './enquiry/delivery-record';
import { TRIGGER_MAX_INSTANCES } from './enquiry/delivery-state';
import { createSmtpTransport, type MailTransport } from './channels/mail/transport';
import { resendEnquiryEmail as resendForCaller, ResendError, type ResendCaller } from './inbox/resend';
import { SWEEP_SCHEDULE, sweepUndeliveredEnquiries } from './enquiry/sweeper';

initializeApp();

/** Above the SMTP timeouts, below the delivery lease (see delivery-state.ts). */
const TRIGGER_TIMEOUT_SECONDS = 120;
const SWEEP_TIMEOUT_SECONDS = 540;

let transport: MailTransport | undefined;

/** The WhatsApp channel's settings; a misconfiguration turns the channel off, never the email. */
function whatsAppOrOff() {
  try {
    return readWhatsAppSettings();
  } catch (error) {
    logger.error('whatsapp alerts are off: their settings are wrong', { error: String(error) });
    return null;
  }
}

/** Params can only be read at run time, so the transport is made on the first invocation. */
function runtimeDeps(): DeliveryDeps {
  transport ??= createSmtpTransport(readSmtpSettings());
  return {
    db: getFirestore(),
    transport,
    mail: readMailSettings(),
    limits: readAdmissionLimits(),
    clock: () => new Date(),
    log: logger,
    whatsapp: whatsAppOrOff(),
    retentionDays: enquiryRetentionDays.value(),
  };
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

/** Who called, from a token checked for revocation too; null without one. */
async function verifiedCaller(auth: CallableRequest['auth']): Promise<ResendCaller> {
  if (!auth) return null;
  try {
    // checkRevoked: an account whose sessions were ended is refused even with a fresh-looking token.
    await getAuth().verifyIdToken(auth.rawToken, true);
  } catch {
    throw new HttpsError('unauthenticated', 'Your session has ended. Sign in again.');
  }
  const token = auth.token;
  return {
    uid: auth.uid,
    email: typeof token.email === 'string' ? token.email : null,
    claims: token as Record<string, unknown>,
    authTime: typeof token.auth_time === 'number' ? token.auth_time : 0,
  };
}

/**
 * What the inbox's callables share: with RESEND_REQUIRES_APP_CHECK (true unless the site is
 * deployed without App Check) a call without a valid App Check token is refused, as Firestore
 * refuses the site's writes; the caller is read from a token checked for revocation; and a refusal
 * the work explains (ResendError) reaches the inbox as its own code and message.
 */
function inboxCall<T>(work: (caller: ResendCaller, data: unknown) => Promise<T>) {
  return async (request: CallableRequest): Promise<T> => {
    if (resendRequiresAppCheck.value() && !request.app)
      throw new HttpsError(
        'unauthenticated',
        'This request did not come from the site (no App Check token).',
      );
    const caller = await verifiedCaller(request.auth);
    try {
      return await work(caller, request.data);
    } catch (error) {
      if (error instanceof ResendError) throw new HttpsError(error.code, error.message);
      throw error;
    }
  };
}

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
  inboxCall((caller, data) => resendForCaller(runtimeDeps(), caller, data)),
);

/**
 * The inbox's "Find this buyer's data" (PRIVACY_FUNCTION in contract/privacy.ts names it): find,
 * export or erase one person, for owner accounts only (privacy-callable.ts checks the claims).
 */
export const privacyRequest = onCall(
  { region: enquiryRegion, timeoutSeconds: TRIGGER_TIMEOUT_SECONDS, memory: '256MiB', maxInstances: 1 },
  inboxCall((caller, data) =>
    answerPrivacyRequest({ db: getFirestore(), clock: () => new Date() }, caller, data),
  ),
);
