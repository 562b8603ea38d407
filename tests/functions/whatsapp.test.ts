/**
 * The WhatsApp alert channel against the Firestore emulator, a real SMTP server and the local
 * WhatsApp Cloud API stand-in (real HTTP, Meta's request shape and refusals): one message per
 * admitted enquiry per sales number, through retried triggers, sweeps side by side, refusals,
 * crashes and a flood; the email never waits for it nor goes twice because of it.
 */
import { enquiryReference } from '../../functions/src/contract/enquiry/enquiry-reference';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMISSION_LIMITS } from '../../functions/src/enquiry/deps';
import { buildEnquiryPayload, FORM_PAGES } from '../../functions/src/contract/enquiry/enquiry';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { TRIGGER_MAX_INSTANCES } from '../../functions/src/enquiry/delivery-state';
import { sweepUndeliveredEnquiries } from '../../functions/src/enquiry/sweeper';
import { ENQUIRY_ALERT_FIELD } from '../../functions/src/enquiry/alerts';
import { ALERT_LEASE_MS, STOPPED_MID_REQUEST } from '../../functions/src/channels/whatsapp/channel';
import type { AlertRecord } from '../../functions/src/contract/delivery/delivery';
import type { WhatsAppSettings } from '../../functions/src/channels/whatsapp/graph';
import {
  DIGEST_ALERT_TEMPLATE,
  ENQUIRY_ALERT_TEMPLATE,
} from '../../functions/src/channels/whatsapp/templates';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../../scripts/lib/whatsapp-stand-in';
import { allEnded } from '../support/concurrent';
import { dead } from '../support/crashes';
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
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';

let db: Firestore;
let catcher: SmtpCatcher;
let standIn: WhatsAppStandIn;

const TOKEN = 'test-whatsapp-token';
const PHONE_NUMBER_ID = '100000000000009';
const SALES_PHONES = ['919876500001', '919876500002'];

useDeliverySuite('whatsapp-tests', (suite) => ({ db, catcher } = suite));

beforeAll(async () => {
  standIn = await startWhatsAppStandIn({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(() => standIn.clear());

function whatsapp(overrides: Partial<WhatsAppSettings> = {}): WhatsAppSettings {
  return {
    apiBase: standIn.origin,
    apiVersion: 'v23.0',
    phoneNumberId: PHONE_NUMBER_ID,
    token: TOKEN,
    numbers: SALES_PHONES,
    siteUrl: 'https://www.example.com',
    ...overrides,
  };
}

const depsWith = (overrides: Parameters<typeof deliveryDeps>[2] = {}) =>
  deliveryDeps(db, catcher.port, { whatsapp: whatsapp(), alertRetryDelaysMs: [50, 100], ...overrides });

const deliver = (deps: ReturnType<typeof deliveryDeps>, id: string, event = createdEvent(id)) =>
  handleEnquiryCreated(deps, ENQUIRY_COLLECTION, event);

async function alertRecord(id: string): Promise<AlertRecord | undefined> {
  const snapshot = await db.collection(ENQUIRY_COLLECTION).doc(id).get();
  return snapshot.get(ENQUIRY_ALERT_FIELD) as AlertRecord | undefined;
}

const alertsFor = (id: string) =>
  standIn.messages.filter((message) => message.parameters[5]?.endsWith(`/${id}`));

describe('the WhatsApp alert', () => {
  it('goes once to each sales number for an admitted enquiry, beside its email, with the inbox link', async () => {
    const id = await storeEnquiry(db);
    expect(await deliver(depsWith(), id)).toMatchObject({ status: 'sent' });

    expect(catcher.messages).toHaveLength(1);
    expect(standIn.messages.map((message) => message.to).sort()).toEqual(SALES_PHONES);
    const [alert] = standIn.messages;
    expect(alert?.template).toBe(ENQUIRY_ALERT_TEMPLATE.name);
    expect(alert?.parameters).toEqual([
      'full enquiry',
      'Priya Raman',
      'Bulk',
      'Chennai',
      '+91 98765 43210',
      `https://www.example.com/inbox/${ENQUIRY_COLLECTION}/${id}`,
      enquiryReference(id),
    ]);
    expect(alert?.text).toBe(
      `New full enquiry from Priya Raman (Bulk), Chennai. Phone: +91 98765 43210. Open it in the sales inbox: https://www.example.com/inbox/${ENQUIRY_COLLECTION}/${id} (reference ${enquiryReference(id)})`,
    );
    const record = await alertRecord(id);
    expect(record).toMatchObject({ state: 'SENT', attempts: 1 });
    for (const phone of SALES_PHONES) expect(record?.numbers[phone]?.messageId).toMatch(/^wamid\./);
  });

  it('is sent once however the trigger is retried', async () => {
    const deps = depsWith();
    const id = await storeEnquiry(db);
    const event = createdEvent(id);
    await allEnded([deliver(deps, id, event), deliver(deps, id, event)]);
    await deliver(deps, id, event);
    expect(alertsFor(id)).toHaveLength(SALES_PHONES.length);
    expect(catcher.messages).toHaveLength(1);
  });

  it('is sent once when two sweeps take up a waiting alert side by side', async () => {
    const clock = testClock();
    const deps = depsWith({ clock: clock.now });
    // Refused for now on the first go (three tries for each of two numbers): it waits for a sweep.
    standIn.injectFault({ count: 6, status: 503, code: 2 });
    const id = await storeEnquiry(db);
    await deliver(deps, id);
    expect(await alertRecord(id)).toMatchObject({ state: 'PENDING' });
    clock.advance(ALERT_LEASE_MS);
    await allEnded([sweepUndeliveredEnquiries(deps, 'side-a'), sweepUndeliveredEnquiries(deps, 'side-b')]);
    expect(alertsFor(id)).toHaveLength(SALES_PHONES.length);
    expect(await alertRecord(id)).toMatchObject({ state: 'SENT' });
  });

  it.each([
    [429, 130429],
    [500, 1],
  ])('waits out an HTTP %i twice, then sends one message a number', async (status, code) => {
    standIn.injectFault({ count: 2, status, code });
    const id = await storeEnquiry(db);
    await deliver(depsWith({ whatsapp: whatsapp({ numbers: SALES_PHONES.slice(0, 1) }) }), id);
    expect(alertsFor(id)).toHaveLength(1);
    expect(await alertRecord(id)).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('leaves a refusal that lasts to the sweep, without spending an attempt', async () => {
    const clock = testClock();
    const deps = depsWith({ clock: clock.now, whatsapp: whatsapp({ numbers: SALES_PHONES.slice(0, 1) }) });
    standIn.injectFault({ count: 3, status: 503, code: 2 });
    const id = await storeEnquiry(db);
    await deliver(deps, id);
    expect(await alertRecord(id)).toMatchObject({ state: 'PENDING', attempts: 0, deferrals: 1 });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('SENT');

    clock.advance(2 * 60_000);
    expect(await sweepUndeliveredEnquiries(deps, 'after-refusal')).toMatchObject({
      alertsDue: 1,
      alertsSent: 1,
    });
    expect(alertsFor(id)).toHaveLength(1);
  });

  it.each([
    ['a wrong token', false, /WHATSAPP_TOKEN/, /Graph error 190/],
    ['a template Meta has not approved', true, /not registered or not approved/, /Graph error 132001/],
  ])(
    'ends FAILED with its reason on %s, while the email is SENT',
    async (what, templateMissing, reason, detail) => {
      // Meta with only the digest's template registered, or with the site's token refused.
      const meta = await startWhatsAppStandIn({
        token: TOKEN,
        phoneNumberId: PHONE_NUMBER_ID,
        templates: templateMissing ? [DIGEST_ALERT_TEMPLATE] : undefined,
      });
      try {
        const settings = whatsapp({
          apiBase: meta.origin,
          ...(templateMissing ? {} : { token: 'expired-token' }),
        });
        await deliver(depsWith({ whatsapp: settings }), await storeEnquiry(db));
        expect(meta.messages, what).toHaveLength(0);
      } finally {
        await meta.close();
      }
      const [doc] = (await db.collection(ENQUIRY_COLLECTION).get()).docs;
      const record = doc?.get(ENQUIRY_ALERT_FIELD) as AlertRecord;
      expect(record.state).toBe('FAILED');
      expect(record.nextAttemptAt).toBeNull();
      expect(record.lastError).toMatch(reason);
      expect(record.lastErrorDetail).toMatch(detail);
      expect(doc?.get('notification.state')).toBe('SENT');
    },
  );

  it('never sends a number twice when its sender died mid-request: the number is marked UNKNOWN', async () => {
    const clock = testClock();
    const deps = depsWith({ clock: clock.now, whatsapp: whatsapp({ numbers: SALES_PHONES.slice(0, 1) }) });
    const id = await storeEnquiry(db);
    // The request reaches WhatsApp, then the instance dies before it hears back.
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) =>
      realFetch(...args).then(() => dead<Response>())) as typeof fetch;
    try {
      void deliver(deps, id);
      await expect.poll(() => standIn.messages.length, { timeout: 20_000 }).toBe(1);
    } finally {
      globalThis.fetch = realFetch;
    }
    clock.advance(ALERT_LEASE_MS + 60_000);
    await sweepUndeliveredEnquiries(deps, 'after-crash');
    const record = await alertRecord(id);
    expect(record?.numbers[SALES_PHONES[0] ?? '']).toMatchObject({
      state: 'UNKNOWN',
      error: STOPPED_MID_REQUEST,
    });
    expect(standIn.messages).toHaveLength(1);
  });

  it('keeps line breaks and tabs out of every parameter, whatever a document holds', async () => {
    const id = await storeEnquiry(db, PRIYA, {
      name: 'Priya\r\nCall: +44 7700 900123',
      city: 'Chen\tnai     central',
      ordertype: `Bulk${'x'.repeat(200)}`,
    });
    await deliver(depsWith(), id);
    const [alert] = alertsFor(id);
    expect(alert?.parameters).toHaveLength(ENQUIRY_ALERT_TEMPLATE.parameters.length);
    for (const parameter of alert?.parameters ?? []) {
      expect(parameter).not.toMatch(/[\r\n\t]| {5,}/);
      expect(parameter.length).toBeLessThanOrEqual(100);
    }
    expect(alert?.parameters.slice(1, 4)).toEqual([
      'Priya Call:',
      expect.stringMatching(/^Bulkx+…$/),
      'Chen nai central',
    ]);
  });

  it('shows no number or link that formatting marks split in the name and the order type', async () => {
    const id = await storeEnquiry(db, PRIYA, {
      name: 'Ravi 98765*43210',
      ordertype: 'Bulk http*://1.2.3.4/x',
      city: 'Coimbatore w_a.me/919876543210',
    });
    await deliver(depsWith(), id);
    const [alert] = alertsFor(id);
    expect(alert?.parameters.slice(1, 4)).toEqual(['Ravi', 'Bulk', 'Coimbatore']);
    // The one number is the buyer's own, the one link the inbox's.
    expect(alert?.parameters[4]).toBe('+91 98765 43210');
    expect(alert?.text).toContain(`from Ravi (Bulk), Coimbatore. Phone: +91 98765 43210. Open it`);
  });

  it('alerts nobody about a duplicate or a held enquiry, and the hourly digest sends one line', async () => {
    const deps = depsWith({ limits: { ...DEFAULT_ADMISSION_LIMITS, hourlyCap: 1 } });
    await deliver(deps, await storeEnquiry(db));
    await deliver(deps, await storeEnquiry(db));
    for (const n of [1, 2, 3])
      await deliver(deps, await storeEnquiry(db, { ...PRIYA, email: `held${n}@example.com` }));
    expect(standIn.messages).toHaveLength(SALES_PHONES.length);

    expect((await sweepUndeliveredEnquiries(deps, 'digest')).digest).toMatchObject({ status: 'sent' });
    const lines = standIn.messages.filter((message) => message.template === DIGEST_ALERT_TEMPLATE.name);
    expect(lines.map((line) => line.text)).toEqual(
      SALES_PHONES.map(() => '3 enquiries were held back this hour; the digest email has them all.'),
    );
    await sweepUndeliveredEnquiries(deps, 'same-hour');
    expect(standIn.messages).toHaveLength(SALES_PHONES.length * 2);
  });

  it(
    'sends at most the hourly cap of alerts and one digest line for a flood of 300 distinct enquiries',
    { timeout: 240_000 },
    async () => {
      const deps = depsWith();
      const ids: string[] = [];
      const batch = db.batch();
      for (let n = 0; n < 300; n += 1) {
        const ref = db.collection(ENQUIRY_COLLECTION).doc();
        batch.set(ref, {
          ...buildEnquiryPayload(
            {
              ...PRIYA,
              name: `Flood ${n}`,
              email: `flood${n}@example.com`,
              phone: String(8_000_000_000 + n),
            },
            FORM_PAGES.other,
            new Date(),
          ),
          createdAt: Timestamp.now(),
        });
        ids.push(ref.id);
      }
      await batch.commit();
      const queue = [...ids];
      await allEnded(
        Array.from({ length: TRIGGER_MAX_INSTANCES }, async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) await deliver(deps, id);
        }),
      );
      await sweepUndeliveredEnquiries(deps, 'flood-digest');

      const alerts = standIn.messages.filter((message) => message.template === ENQUIRY_ALERT_TEMPLATE.name);
      const lines = standIn.messages.filter((message) => message.template === DIGEST_ALERT_TEMPLATE.name);
      console.info(
        `whatsapp flood: 300 enquiries, ${alerts.length} alert messages, ${lines.length} digest lines`,
      );
      expect(alerts.length).toBeLessThanOrEqual(DEFAULT_ADMISSION_LIMITS.hourlyCap * SALES_PHONES.length * 2);
      expect(new Set(alerts.map((alert) => `${alert.to} ${alert.parameters[5]}`)).size).toBe(alerts.length);
      expect(lines).toHaveLength(SALES_PHONES.length);
    },
  );
});
