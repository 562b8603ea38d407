/**
 * Cloud Functions entry point, and only that: declares each function (trigger, schedule, HTTPS
 * answer, callable) with its resources and hands it to the plain functions of enquiry/, inbox/ and
 * site/, with the dependencies config.ts makes from the params, once per instance.
 */
import { randomUUID } from 'node:crypto';
import { getApp, initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { getStorage } from 'firebase-admin/storage';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentCreated, onDocumentUpdated } from 'firebase-functions/firestore';
import { onCall, onRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import {
  deliveryDepsFrom,
  enquiryRegion,
  enquiryRetentionDays,
  inboxAppCheckRequirement,
  privacyHashKey,
  siteDepsFrom,
  smtpPassword,
  whatsappToken,
} from './config';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from './contract/enquiry/collections';
import { handleEnquiryCreated } from './enquiry/delivery';
import { needsFollowUpRecord, recordFollowUp } from './enquiry/first-contact';
import { refreshReplySpeed, REPLY_SPEED_CACHE_CONTROL, replySpeedAnswer } from './enquiry/reply-speed';
import { answerPrivacyRequest } from './inbox/privacy-callable';
import type { DeliveryDeps } from './enquiry/deps';
import { TRIGGER_MAX_INSTANCES } from './enquiry/delivery-state';
import { callerFromAuthorization, inboxCall } from './inbox/caller';
import { answerPhotoRequest } from './site/photos';
import { runSitePublish, type PublishDeps } from './site/publish';
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

/** The inbox's calls' App Check gate (INBOX_CALLS_REQUIRE_APP_CHECK), read on the first call. */
const inboxAppCheckRequired = inboxAppCheckRequirement(process.env, logger);

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
      const outcome = await recordFollowUp(
        getFirestore(),
        { collection, id: event.params.enquiryId },
        retentionDays,
      );
      // A new first contact moves the figure buyers are shown (a redelivered event recomputes the same).
      if ('firstContact' in outcome && outcome.firstContact === 'recorded')
        await refreshReplySpeed(getFirestore(), new Date());
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

/**
 * `GET /api/reply-speed` (a Hosting rewrite, so the site asks its own origin): the reply-speed
 * figure buyers are shown, or `{ "shown": false }`. One stored document, cached by the CDN.
 */
export const replySpeed = onRequest(
  { region: enquiryRegion, memory: '256MiB', timeoutSeconds: 10, maxInstances: 2, concurrency: 80 },
  async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.set('Allow', 'GET, HEAD').status(405).send('');
      return;
    }
    const answer = await replySpeedAnswer(getFirestore());
    response.set('Cache-Control', REPLY_SPEED_CACHE_CONTROL).json(answer);
  },
);

/** Instances of the resend callable: a person clicks it, so two are plenty and a script cannot fan out. */
const RESEND_MAX_INSTANCES = 2;

/**
 * The sales inbox's "Resend email" (RESEND_FUNCTION in contract/inbox/resend.ts names it for the
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
  inboxCall(inboxAppCheckRequired, (caller, data) => resendForCaller(runtimeDeps(), caller, data)),
);

/**
 * The inbox's "Find this buyer's data" (PRIVACY_FUNCTION in contract/inbox/privacy.ts names it): find,
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
  inboxCall(inboxAppCheckRequired, (caller, data) =>
    answerPrivacyRequest(
      { db: getFirestore(), clock: () => new Date(), hashKey: privacyHashKey.value() },
      caller,
      data,
    ),
  ),
);

let siteDeps: PublishDeps | undefined;

/** The site's dependencies (config.ts, site/deps.ts), made on the first call like the enquiries'. */
function siteRuntime(): PublishDeps {
  siteDeps ??= siteDepsFrom(process.env, {
    db: getFirestore(),
    bucket: () => getStorage().bucket(),
    credential: () => getApp().options.credential,
    functionsDir: __dirname,
  });
  return siteDeps;
}

/**
 * The owner's photo upload (POST, the file as the body) and thumbnails (GET): App Check and the
 * owner's claims checked here, whatever the inbox shows (site/photos.ts). Answers the site's own
 * origin only. A photo is refused from its header above PHOTO_MAX_PIXELS, so 1 GiB holds the largest.
 */
export const sitePhoto = onRequest(
  { region: enquiryRegion, memory: '1GiB', timeoutSeconds: 120, maxInstances: 2, concurrency: 1 },
  async (request, response) => {
    const deps = siteRuntime();
    await answerPhotoRequest(
      {
        db: deps.db,
        store: deps.store,
        clock: deps.clock,
        callerOf: callerFromAuthorization,
        // The same gate as sitePublish's: the site's App Check token, unless deployed without App Check.
        requiresAppCheck: inboxAppCheckRequired,
        verifyAppCheck: (token) => getAppCheck().verifyToken(token),
        siteOrigin: new URL(deps.liveUrl).origin,
      },
      request,
      response,
    );
  },
);

/**
 * Preview, Publish and Undo last publish (SITE_PUBLISH_FUNCTION in contract/site/site-publish.ts names
 * it): one at a time, for the owner only (site/publish.ts). Rendering the whole site takes memory.
 */
export const sitePublish = onCall(
  { region: enquiryRegion, timeoutSeconds: 300, memory: '1GiB', maxInstances: 1, concurrency: 1 },
  inboxCall(inboxAppCheckRequired, (caller, data) => runSitePublish(siteRuntime(), caller, data)),
);
