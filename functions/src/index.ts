/**
 * Cloud Functions entry point: wires the triggers to the plain functions in delivery.ts and
 * sweeper.ts, handing them the SMTP transport, the settings, the clock and the logger.
 */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentCreated } from 'firebase-functions/firestore';
import { HttpsError, onCall } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import {
  enquiryRegion,
  readAdmissionLimits,
  readMailSettings,
  readSmtpSettings,
  smtpPassword,
} from './config';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from './contract/enquiry';
import { handleEnquiryCreated, type DeliveryDeps } from './delivery';
import { TRIGGER_MAX_INSTANCES } from './delivery-state';
import { createSmtpTransport, type MailTransport } from './mail/transport';
import { resendEnquiryEmail as resendForCaller, ResendError } from './resend';
import { SWEEP_SCHEDULE, sweepUndeliveredEnquiries } from './sweeper';

initializeApp();

/** Above the SMTP timeouts, below the delivery lease (see delivery-state.ts). */
const TRIGGER_TIMEOUT_SECONDS = 120;
const SWEEP_TIMEOUT_SECONDS = 540;

let transport: MailTransport | undefined;

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
  };
}

function notifySalesOn(collection: EnquiryCollection) {
  return onDocumentCreated(
    {
      document: `${collection}/{enquiryId}`,
      region: enquiryRegion,
      retry: true,
      secrets: [smtpPassword],
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

export const retryUndeliveredEnquiryEmails = onSchedule(
  {
    schedule: SWEEP_SCHEDULE,
    timeZone: 'Asia/Kolkata',
    region: enquiryRegion,
    secrets: [smtpPassword],
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

/**
 * The sales inbox's "Resend email" (RESEND_FUNCTION in contract/resend.ts names it for the
 * browser): checks the `sales` claim itself, see resend.ts.
 */
export const resendEnquiryEmail = onCall(
  {
    region: enquiryRegion,
    secrets: [smtpPassword],
    timeoutSeconds: TRIGGER_TIMEOUT_SECONDS,
    memory: '256MiB',
  },
  async (request) => {
    const caller = request.auth
      ? {
          uid: request.auth.uid,
          email: typeof request.auth.token.email === 'string' ? request.auth.token.email : null,
          claims: request.auth.token as Record<string, unknown>,
        }
      : null;
    try {
      return await resendForCaller(runtimeDeps(), caller, request.data);
    } catch (error) {
      if (error instanceof ResendError) throw new HttpsError(error.code, error.message);
      throw error;
    }
  },
);
