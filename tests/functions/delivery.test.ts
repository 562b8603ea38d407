/**
 * The enquiry email handlers against the real Firestore emulator (Admin SDK) and a real SMTP
 * server in this process: what the sales team receives, what an attacker can put in it, and
 * that every enquiry is mailed exactly once through duplicates, races and an SMTP outage.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { buildEnquiryPayload, ENQUIRY_FIELDS } from '../../functions/src/contract/enquiry/enquiry';
import { deliverEnquiry, handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import {
  MAX_DELIVERY_ATTEMPTS,
  MAX_TRIGGER_RETRY_EVENT_AGE_MS,
  RETRY_BACKOFF_BASE_MS,
  TRIGGER_ATTEMPT_LIMIT,
} from '../../functions/src/enquiry/delivery-state';
import { ACKNOWLEDGEMENT_SUBJECT } from '../../functions/src/channels/mail/enquiry-emails';
import { sweepUndeliveredEnquiries, UNRECORDED_GRACE_MS } from '../../functions/src/enquiry/sweeper';
import type { SmtpCatcher } from '../support/smtp-catcher';
import { allEnded } from '../support/concurrent';
import { useDeliverySuite } from '../support/delivery-suite';
import {
  ARUN,
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  PRIYA,
  SALES_SETTINGS,
  storeEnquiry,
  storePopupEnquiry,
  testClock,
} from '../support/delivery-fixtures';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('delivery-tests', (suite) => ({ db, catcher } = suite));

const sweepRun = (name: string) => `${name}-${Date.now()}`;

/** A refusal that is not "try later": it spends an attempt and the platform may retry it. */
const REFUSED_FOR_GOOD = { code: 554, message: '5.3.0 Message refused' };

describe('the sales email', () => {
  it('reaches every sales recipient with every field, Reply-To on the visitor, and SENT is recorded', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);

    const outcome = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));

    expect(outcome).toMatchObject({ status: 'sent', attempts: 1 });
    const [mail] = await catcher.waitForMessages(1);
    expect(catcher.messages).toHaveLength(1);
    expect(mail?.envelope.to).toEqual(SALES_SETTINGS.salesRecipients);
    expect(mail?.from?.text).toBe('"SME Hair website" <enquiries@sme-hair.example>');
    expect(mail?.subject).toBe('New enquiry: Priya Raman, Chennai (bulk)');
    expect(mail?.replyTo?.value).toEqual([{ name: 'Priya Raman', address: 'priya@example.com' }]);
    const html = String(mail?.html);
    const text = String(mail?.text);
    // The time zone is shown as the buyer's time of sending.
    for (const { label } of Object.values(ENQUIRY_FIELDS).filter(
      (rule) => rule !== ENQUIRY_FIELDS.timezone,
    )) {
      expect(html).toContain(`>${label}</th>`);
      expect(text).toContain(label);
    }
    for (const value of [
      PRIYA.name,
      PRIYA.companyname,
      PRIYA.email,
      PRIYA.city,
      PRIYA.ordertype,
      PRIYA.message,
    ]) {
      expect(html).toContain(value);
      expect(text).toContain(value);
    }
    expect(text).toContain('Form: Full enquiry form (Enquirypage)');
    expect(text).toMatch(/Received: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} IST/);
    expect(html).toContain('href="tel:+919876543210"');
    expect(html).toContain('href="https://wa.me/919876543210"');

    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({
      state: 'SENT',
      attempts: 1,
      lastError: null,
      leaseExpiresAt: null,
      nextAttemptAt: null,
    });
    expect(record.messageId).toBe(mail?.messageId);
    expect(record.sentAt?.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(record.claimedBy).toMatch(/^event:/);
  });

  it('names the popup form and the business in the subject and lists every popup field', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storePopupEnquiry(db);

    await handleEnquiryCreated(deps, POPUP_ENQUIRY_COLLECTION, createdEvent(id));

    const [mail] = await catcher.waitForMessages(1);
    expect(mail?.subject).toBe('New popup enquiry: Arun Kumar (I am a Salon Retailer)');
    expect(mail?.replyTo?.value).toEqual([{ name: ARUN.name, address: ARUN.email }]);
    expect(mail?.text).toContain('Form: Popup enquiry form');
    expect(mail?.text).toContain('Business: I am a Salon Retailer');
    expect(mail?.html).toContain('href="tel:+919123456780"');
    expect((await deliveryRecord(db, POPUP_ENQUIRY_COLLECTION, id)).state).toBe('SENT');
  });

  it("shows an attacker's markup as text and keeps Tamil and emoji intact", async () => {
    const deps = deliveryDeps(db, catcher.port);
    const hostile = {
      ...PRIYA,
      name: 'பிரியா <script>alert("x")</script>',
      companyname: '<img src=x onerror="alert(1)">',
      city: `கோயம்புத்தூர் "quoted" & 'single' 💇‍♀️`,
      ordertype: '<b>Bulk</b>',
      message: '<iframe src="https://evil.example"></iframe> வணக்கம் 🙏 need 50 bundles',
    };
    const id = await storeEnquiry(db, hostile);

    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));

    const [mail] = await catcher.waitForMessages(1);
    const html = String(mail?.html);
    expect(html).not.toMatch(/<script|<img|<iframe|<b>|onerror="/i);
    expect(html).toContain('பிரியா &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('கோயம்புத்தூர் &quot;quoted&quot; &amp; &#39;single&#39; 💇‍♀️');
    expect(html).toContain('&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt; வணக்கம் 🙏');
    for (const value of Object.values(hostile)) expect(String(mail?.text)).toContain(value);
    expect(mail?.subject).toBe(`New enquiry: ${hostile.name}, ${hostile.city} (<b>bulk</b>)`);
  });

  it("never writes the visitor's message or contact details into the logs", async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    catcher.setRejecting(REFUSED_FOR_GOOD);
    await expect(handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id))).rejects.toThrow();
    catcher.setRejecting(false);
    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));

    const logged = JSON.stringify(deps.log.entries);
    expect(deps.log.entries.map((entry) => entry.fields.to).filter(Boolean)).toEqual([
      'SENDING',
      'FAILED',
      'SENDING',
      'SENT',
    ]);
    for (const secret of [PRIYA.message, PRIYA.email, PRIYA.phone, PRIYA.name])
      expect(logged).not.toContain(secret);
  });
});

describe('exactly one email per enquiry', () => {
  it('sends once when the platform delivers the same event twice at the same moment', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const event = createdEvent(id);

    const outcomes = await allEnded([
      handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event),
      handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['sent', 'skipped']);
    expect(catcher.messages).toHaveLength(1);
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('sends once when a duplicate event arrives while the first delivery is still talking to the server', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const event = createdEvent(id);
    catcher.setPaused(true);

    const first = handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);
    await catcher.waitForHeld(1);
    const duplicate = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);
    catcher.setPaused(false);

    expect(duplicate).toEqual({ status: 'skipped', reason: 'in-flight' });
    expect(await first).toMatchObject({ status: 'sent', attempts: 1 });
    expect(catcher.messages).toHaveLength(1);
  });

  it('sends once when the same event comes back after the email went out', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const event = createdEvent(id);

    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);
    const again = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);

    expect(again).toEqual({ status: 'skipped', reason: 'already-sent' });
    expect(catcher.messages).toHaveLength(1);
  });

  it('sends once when the trigger and several sweeps race for the same enquiries', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    // Stored an hour ago without a record: due for both the trigger and the sweeps.
    const createdAt = Timestamp.fromMillis(Date.now() - 60 * 60_000);
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        storeEnquiry(db, { ...PRIYA, message: `${PRIYA.message} Order ${n}.` }, { createdAt }),
      ),
    );

    await allEnded([
      ...ids.map((id) => handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id))),
      sweepUndeliveredEnquiries(deps, sweepRun('race-a')),
      sweepUndeliveredEnquiries(deps, sweepRun('race-b')),
    ]);

    expect(catcher.messages).toHaveLength(3);
    const mailed = catcher.messages.map((mail) => mail.headers.get('x-enquiry-id')).sort();
    expect(mailed).toEqual(ids.map((id) => `${ENQUIRY_COLLECTION}/${id}`).sort());
    for (const id of ids)
      expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('leaves an enquiry alone while another sender holds its lease', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db, PRIYA, {
      notification: {
        state: 'SENDING',
        attempts: 1,
        lastError: null,
        claimedBy: 'event:still-running',
        leaseExpiresAt: Timestamp.fromMillis(Date.now() + 60_000),
        nextAttemptAt: Timestamp.fromMillis(Date.now() + 60_000),
        sentAt: null,
        messageId: null,
        updatedAt: Timestamp.now(),
      },
    });

    const outcome = await deliverEnquiry(
      deps,
      { collection: ENQUIRY_COLLECTION, id },
      { kind: 'sweeper', runId: 'r' },
    );

    expect(outcome).toEqual({ status: 'skipped', reason: 'in-flight' });
    expect(catcher.messages).toHaveLength(0);
  });

  it('does nothing for an enquiry deleted before its trigger ran', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const outcome = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent('no-such-enquiry'));
    expect(outcome).toEqual({ status: 'skipped', reason: 'missing' });
    expect(catcher.messages).toHaveLength(0);
  });
});

describe('an SMTP server that refuses mail', () => {
  it('records FAILED with the reason and the attempt, and throws so the platform retries', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    const id = await storeEnquiry(db);
    catcher.setRejecting(REFUSED_FOR_GOOD);

    await expect(handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id))).rejects.toMatchObject({
      responseCode: REFUSED_FOR_GOOD.code,
    });

    expect(catcher.rejectedCount).toBe(1);
    expect(catcher.messages).toHaveLength(0);
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({ state: 'FAILED', attempts: 1, leaseExpiresAt: null, sentAt: null });
    expect(record.lastError).toContain(String(REFUSED_FOR_GOOD.code));
    const waitMs = (record.nextAttemptAt?.toMillis() ?? 0) - record.updatedAt.toMillis();
    expect(waitMs).toBe(RETRY_BACKOFF_BASE_MS);
    const snapshot = await db.collection(ENQUIRY_COLLECTION).doc(id).get();
    expect(snapshot.get('message')).toBe(PRIYA.message);
  });

  it("sends once on the platform's retry after the server recovers", async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const event = createdEvent(id);
    catcher.setRejecting(REFUSED_FOR_GOOD);
    await expect(handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event)).rejects.toThrow();

    catcher.setRejecting(false);
    const retried = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);

    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
    expect(catcher.messages).toHaveLength(1);
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({ state: 'SENT', attempts: 2 });
  });

  it('stops throwing after the trigger attempt budget and leaves the enquiry to the sweeper', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const event = createdEvent(id);
    catcher.setRejecting(REFUSED_FOR_GOOD);

    for (let attempt = 1; attempt < TRIGGER_ATTEMPT_LIMIT; attempt += 1) {
      await expect(handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event)).rejects.toThrow();
    }
    const last = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);

    expect(last).toMatchObject({ status: 'failed', attempts: TRIGGER_ATTEMPT_LIMIT, willRetry: true });
    expect(catcher.rejectedCount).toBe(TRIGGER_ATTEMPT_LIMIT);
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({ state: 'FAILED', attempts: TRIGGER_ATTEMPT_LIMIT });
    expect(record.nextAttemptAt).not.toBeNull();
  });

  it('does not throw an old event back to the platform', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    catcher.setRejecting(REFUSED_FOR_GOOD);
    const oldEvent = createdEvent(id, new Date(Date.now() - MAX_TRIGGER_RETRY_EVENT_AGE_MS - 60_000));

    const outcome = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, oldEvent);

    expect(outcome).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('FAILED');
  });
});

describe('the retry sweep', () => {
  it('sends a failed enquiry once, after its backoff, when the server is back', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    const id = await storeEnquiry(db);
    catcher.setRejecting(REFUSED_FOR_GOOD);
    await expect(handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id))).rejects.toThrow();
    catcher.setRejecting(false);

    const early = await sweepUndeliveredEnquiries(deps, sweepRun('early'));
    expect(early).toMatchObject({ due: 0, sent: 0 });
    expect(catcher.messages).toHaveLength(0);

    clock.advance(RETRY_BACKOFF_BASE_MS + 1_000);
    const due = await sweepUndeliveredEnquiries(deps, sweepRun('due'));
    const after = await sweepUndeliveredEnquiries(deps, sweepRun('after'));

    expect(due).toMatchObject({ due: 1, sent: 1, failed: 0 });
    expect(after).toMatchObject({ due: 0, sent: 0 });
    const [mail] = await catcher.waitForMessages(1);
    expect(catcher.messages).toHaveLength(1);
    expect(mail?.subject).toBe('New enquiry: Priya Raman, Chennai (bulk)');
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({ state: 'SENT', attempts: 2, messageId: mail?.messageId });
    expect(record.claimedBy).toMatch(/^sweep:due-/);
  });

  it('keeps a failing enquiry in Firestore as FAILED with its reason after the last attempt', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db, PRIYA, {
      notification: {
        state: 'FAILED',
        attempts: MAX_DELIVERY_ATTEMPTS - 1,
        lastError: 'earlier outage',
        claimedBy: 'sweep:earlier',
        leaseExpiresAt: null,
        nextAttemptAt: Timestamp.fromMillis(Date.now() - 1_000),
        sentAt: null,
        messageId: null,
        updatedAt: Timestamp.now(),
      },
    });
    catcher.setRejecting({ code: 550, message: '5.7.1 Relaying denied' });

    const last = await sweepUndeliveredEnquiries(deps, sweepRun('last'));
    const later = await sweepUndeliveredEnquiries(deps, sweepRun('later'));

    expect(last).toMatchObject({ due: 1, failed: 1 });
    expect(later).toMatchObject({ due: 0 });
    expect(catcher.rejectedCount).toBe(1);
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({ state: 'FAILED', attempts: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null });
    expect(record.lastError).toContain('550 5.7.1 Relaying denied');
    expect(deps.log.entries.some((entry) => entry.level === 'error' && entry.fields.enquiryId === id)).toBe(
      true,
    );
    expect((await db.collection(ENQUIRY_COLLECTION).doc(id).get()).get('name')).toBe(PRIYA.name);
  });

  it('takes over from a sender that died mid-send once its lease has expired', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const expired = Timestamp.fromMillis(Date.now() - 1_000);
    const id = await storeEnquiry(db, PRIYA, {
      notification: {
        state: 'SENDING',
        attempts: 1,
        lastError: null,
        claimedBy: 'event:crashed',
        leaseExpiresAt: expired,
        nextAttemptAt: expired,
        sentAt: null,
        messageId: null,
        updatedAt: Timestamp.now(),
      },
    });

    const summary = await sweepUndeliveredEnquiries(deps, sweepRun('lease'));

    expect(summary).toMatchObject({ due: 1, sent: 1 });
    expect(catcher.messages).toHaveLength(1);
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({ state: 'SENT', attempts: 2 });
  });

  it('records the final failure when the last allowed attempt died mid-send, without sending again', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const expired = Timestamp.fromMillis(Date.now() - 1_000);
    const id = await storeEnquiry(db, PRIYA, {
      notification: {
        state: 'SENDING',
        attempts: MAX_DELIVERY_ATTEMPTS,
        lastError: '451 busy',
        claimedBy: 'sweep:crashed',
        leaseExpiresAt: expired,
        nextAttemptAt: expired,
        sentAt: null,
        messageId: null,
        updatedAt: Timestamp.now(),
      },
    });

    const first = await sweepUndeliveredEnquiries(deps, sweepRun('give-up'));
    const second = await sweepUndeliveredEnquiries(deps, sweepRun('after-give-up'));

    expect(first).toMatchObject({ due: 1, sent: 0, skipped: 1 });
    expect(second).toMatchObject({ due: 0 });
    expect(catcher.messages).toHaveLength(0);
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({ state: 'FAILED', attempts: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null });
    expect(record.lastError).toContain('lease expired');
    expect(
      deps.log.entries.filter((entry) => entry.level === 'error').map((entry) => entry.fields.to),
    ).toEqual(['FAILED']);
  });

  it('mails an enquiry whose trigger event never arrived, once the trigger has had its head start', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const missedId = await storeEnquiry(db, PRIYA, {
      createdAt: Timestamp.fromMillis(Date.now() - 60 * 60_000),
    });
    const popupId = await storePopupEnquiry(db);
    await db
      .collection(POPUP_ENQUIRY_COLLECTION)
      .doc(popupId)
      .update({ createdAt: Timestamp.fromMillis(Date.now() - 2 * UNRECORDED_GRACE_MS) });
    const freshId = await storeEnquiry(db);

    const summary = await sweepUndeliveredEnquiries(deps, sweepRun('missed'));

    expect(summary).toMatchObject({ due: 2, sent: 2 });
    expect(catcher.messages.map((mail) => mail.headers.get('x-enquiry-id')).sort()).toEqual(
      [`${ENQUIRY_COLLECTION}/${missedId}`, `${POPUP_ENQUIRY_COLLECTION}/${popupId}`].sort(),
    );
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, freshId)).toBeUndefined();
  });
});

describe('the missed-trigger sweep', () => {
  it(
    'finds all of 150 enquiries whose triggers never ran in one sweep, and none twice',
    { timeout: 180_000 },
    async () => {
      // Held, not mailed: the sweep's finding is what is under test, not 150 emails.
      const deps = deliveryDeps(db, catcher.port, {
        limits: { perSenderDaily: 5, hourlyCap: 0, dailyCap: 0 },
      });
      const missedAt = (n: number) => Timestamp.fromMillis(Date.now() - 60 * 60_000 + n * 1_000);
      const ids: string[] = [];
      for (let start = 0; start < 150; start += 50) {
        const batch = db.batch();
        for (let n = start; n < start + 50; n += 1) {
          const ref = db.collection(ENQUIRY_COLLECTION).doc();
          batch.set(ref, {
            ...buildEnquiryPayload({ ...PRIYA, email: `buyer${n}@example.com` }, 'Enquirypage', new Date()),
            createdAt: missedAt(n),
          });
          ids.push(ref.id);
        }
        await batch.commit();
      }

      const summary = await sweepUndeliveredEnquiries(deps, sweepRun('150-missed'));
      const again = await sweepUndeliveredEnquiries(deps, sweepRun('150-missed-again'));

      expect(summary).toMatchObject({ due: 150, held: 150 });
      expect(again).toMatchObject({ due: 0 });
      const records = await Promise.all(ids.map((id) => deliveryRecord(db, ENQUIRY_COLLECTION, id)));
      expect(
        records.filter((record) => record?.state === 'DIGESTED' || record?.state === 'HELD'),
      ).toHaveLength(150);
    },
  );
});

describe('the visitor acknowledgement', () => {
  it('is off unless configured', async () => {
    const deps = deliveryDeps(db, catcher.port);
    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(await storeEnquiry(db)));
    expect(catcher.messages.map((mail) => mail.envelope.to)).toEqual([SALES_SETTINGS.salesRecipients]);
  });

  it('goes to the visitor once, after the sales email, without echoing what they typed', async () => {
    const deps = deliveryDeps(db, catcher.port, { mail: { ...SALES_SETTINGS, acknowledgeVisitor: true } });
    const id = await storeEnquiry(db, {
      ...PRIYA,
      name: 'Cheap pills at spam.example',
      message: 'Visit spam.example today',
    });
    const event = createdEvent(id);

    await allEnded([
      handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event),
      handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event),
    ]);

    expect(catcher.messages).toHaveLength(2);
    const acknowledgement = catcher.messages.find((mail) =>
      mail.subject?.startsWith(ACKNOWLEDGEMENT_SUBJECT),
    );
    expect(acknowledgement?.envelope.to).toEqual([PRIYA.email]);
    expect(`${acknowledgement?.text}${acknowledgement?.html}`).not.toContain('spam.example');
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record.acknowledgement).toMatchObject({ state: 'SENT', messageId: acknowledgement?.messageId });
  });
});
