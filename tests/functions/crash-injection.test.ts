/**
 * Crashes at every step of every write path that sends mail: the sales email, the hourly digest,
 * the inbox's resend and the sweep. Each step before the fault happens for real (the mail reaches
 * the SMTP server, the record is written), then the instance dies (tests/support/crashes.ts) and
 * the platform's retry or the next sweep takes over. Every path ends with at most one email per
 * enquiry, except where SMTP itself leaves no choice: an instance that dies after the server
 * accepted a mail and before the outcome is recorded cannot know it was sent, so the retry sends
 * it again, with the same Message-ID so the mailbox can fold the two. Those cases say so.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { DELIVERY_LEASE_MS } from '../../functions/src/enquiry/delivery-state';
import type { OutgoingMail } from '../../functions/src/channels/mail/message';
import type { SentMail } from '../../functions/src/channels/mail/transport';
import { RESEND_LEASE_MS, resendEnquiryEmail } from '../../functions/src/inbox/resend';
import { sweepUndeliveredEnquiries, UNRECORDED_GRACE_MS } from '../../functions/src/enquiry/sweeper';
import { dead, sendThenDie } from '../support/crashes';
import { DOCUMENT_TIMEOUT_MS } from '../support/deadlines';
import { useDeliverySuite } from '../support/delivery-suite';
import {
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  PRIYA,
  storeEnquiry,
  testClock,
} from '../support/delivery-fixtures';
import type { SmtpCatcher } from '../support/smtp-catcher';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('crash-tests', (suite) => ({ db, catcher } = suite));

const SALES = { uid: 'sales-1', email: 'sales@example.com', claims: { sales: true }, authTime: 0 };

/** Deps whose transport delivers the first mail and then dies, and whose clock the test moves. */
function dyingAfterFirstSend() {
  const clock = testClock();
  const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
  let died = false;
  const dying = {
    ...deps,
    transport: {
      send: (mail: OutgoingMail) => {
        if (died) return deps.transport.send(mail);
        died = true;
        return sendThenDie(deps.transport, mail);
      },
    },
  };
  return { clock, deps, dying };
}

const messagesAbout = (id: string) =>
  catcher.messages.filter((mail) => mail.headers.get('x-enquiry-id') === `${ENQUIRY_COLLECTION}/${id}`);

describe('the sales email', () => {
  it('is sent once when the trigger dies after recording SENT and the platform retries it', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const event = createdEvent(id);
    expect(await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event)).toMatchObject({ status: 'sent' });
    // The instance died before acknowledging the event: the same event comes again.
    expect(await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event)).toMatchObject({
      status: 'skipped',
      reason: 'already-sent',
    });
    expect(messagesAbout(id)).toHaveLength(1);
  });

  it('is sent once when the trigger dies after admitting it and before the SMTP exchange', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    const id = await storeEnquiry(db);
    const dying = { ...deps, transport: { send: () => dead<SentMail>() } };
    void handleEnquiryCreated(dying, ENQUIRY_COLLECTION, createdEvent(id));
    await expect
      .poll(async () => (await deliveryRecord(db, ENQUIRY_COLLECTION, id))?.state, {
        timeout: DOCUMENT_TIMEOUT_MS,
      })
      .toBe('SENDING');

    clock.advance(DELIVERY_LEASE_MS + 1_000);
    expect(await sweepUndeliveredEnquiries(deps, 'after-crash')).toMatchObject({ sent: 1 });
    expect(messagesAbout(id)).toHaveLength(1);
  });

  it('is repeated once, with the same Message-ID, when the trigger dies between the SMTP server accepting it and SENT', async () => {
    const { clock, deps, dying } = dyingAfterFirstSend();
    const id = await storeEnquiry(db);
    void handleEnquiryCreated(dying, ENQUIRY_COLLECTION, createdEvent(id));
    await catcher.waitForMessages(1);

    // Nothing can tell this instance's death from one before the send: after its lease, the mail goes again.
    clock.advance(DELIVERY_LEASE_MS + 1_000);
    await sweepUndeliveredEnquiries(deps, 'after-crash');
    const mails = messagesAbout(id);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.messageId).toBe(mails[0]?.messageId);
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({ state: 'SENT' });
    // And never a third time.
    clock.advance(DELIVERY_LEASE_MS + 1_000);
    await sweepUndeliveredEnquiries(deps, 'later');
    expect(messagesAbout(id)).toHaveLength(2);
  });
});

describe('the hourly digest', () => {
  it('lists its enquiries once when the sweep dies after taking the hour and before sending', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, {
      clock: clock.now,
      limits: { perSenderDaily: 5, hourlyCap: 0, dailyCap: 400 },
    });
    const id = await storeEnquiry(db);
    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));
    const dying = { ...deps, transport: { send: () => dead<SentMail>() } };
    void sweepUndeliveredEnquiries(dying, 'dies-before-send');
    await expect
      .poll(async () => (await db.collection('enquiry-admission').where('kind', '==', 'digest').get()).size, {
        timeout: DOCUMENT_TIMEOUT_MS,
      })
      .toBe(1);

    clock.advance(60 * 60_000);
    expect((await sweepUndeliveredEnquiries(deps, 'next-hour')).digest).toMatchObject({ status: 'sent' });
    expect(catcher.messages).toHaveLength(1);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('DIGESTED');
  });
});

describe('the resend', () => {
  const click = (id: string) => ({
    collection: ENQUIRY_COLLECTION,
    enquiryId: id,
    requestId: crypto.randomUUID(),
  });

  it('is sent once when the function dies after recording it and the click is retried', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const id = await storeEnquiry(db);
    const request = click(id);
    await resendEnquiryEmail(deps, SALES, request);
    // The answer was lost with the instance: the inbox asks again with the same request id.
    expect(await resendEnquiryEmail(deps, SALES, request)).toMatchObject({ repeated: true });
    expect(messagesAbout(id)).toHaveLength(1);
  });

  it('is repeated once, with the same Message-ID, when the function dies between the SMTP server accepting it and SENT', async () => {
    const { clock, deps, dying } = dyingAfterFirstSend();
    const id = await storeEnquiry(db);
    const request = click(id);
    void resendEnquiryEmail(dying, SALES, request);
    await catcher.waitForMessages(1);
    await expect(resendEnquiryEmail(deps, SALES, request)).rejects.toMatchObject({ code: 'aborted' });

    clock.advance(RESEND_LEASE_MS + 1_000);
    await resendEnquiryEmail(deps, SALES, request);
    const mails = messagesAbout(id);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.messageId).toBe(mails[0]?.messageId);
    expect(await resendEnquiryEmail(deps, SALES, request)).toMatchObject({ repeated: true });
    expect(messagesAbout(id)).toHaveLength(2);
  });
});

describe('the sweep', () => {
  it('sends each missed enquiry once when it dies halfway through a page and runs again', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4])
      ids.push(await storeEnquiry(db, { ...PRIYA, email: `missed${n}@example.com` }));
    clock.advance(UNRECORDED_GRACE_MS + 60_000);
    // The second mail reaches the server; then the instance dies, before its checkpoint.
    let sends = 0;
    const dying = {
      ...deps,
      transport: {
        send: (mail: OutgoingMail) =>
          (sends += 1) === 2 ? sendThenDie(deps.transport, mail) : deps.transport.send(mail),
      },
    };
    void sweepUndeliveredEnquiries(dying, 'dies-mid-page');
    await catcher.waitForMessages(2);

    clock.advance(DELIVERY_LEASE_MS + 1_000);
    await sweepUndeliveredEnquiries(deps, 'next-run');
    const counts = ids.map((id) => messagesAbout(id).length);
    // The one whose send died is repeated (see above); every other is sent exactly once.
    expect(counts.sort()).toEqual([1, 1, 1, 2]);
    for (const id of ids) expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('SENT');
  });
});
