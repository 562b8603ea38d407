/**
 * A flood of scripted enquiries, simulated: the real trigger handler and sweep code against the
 * Firestore emulator, a real SMTP server in this process that enforces a provider's daily quota,
 * and a clock the test moves (the only fake). Writes go straight to Firestore, as a script that
 * bypasses the site would; triggers run ten at a time, as TRIGGER_MAX_INSTANCES allows; the sweep
 * runs every 15 simulated minutes. Every figure is printed for the record.
 */
import { HOUR_MS } from '../../functions/src/contract/base/time';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMISSION_LIMITS, type DeliveryOutcome } from '../../functions/src/enquiry/deps';
import {
  buildEnquiryPayload,
  FORM_PAGES,
  type EnquiryFormValues,
} from '../../functions/src/contract/enquiry/enquiry';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { SETTLED_STATES } from '../../functions/src/contract/delivery/delivery';
import { TRIGGER_MAX_INSTANCES } from '../../functions/src/enquiry/delivery-state';
import { SWEEP_MAX_DOCUMENT_READS, sweepUndeliveredEnquiries } from '../../functions/src/enquiry/sweeper';
import { countingFirestore } from '../support/counting-firestore';
import { allEnded } from '../support/concurrent';
import type { CaughtMail, SmtpCatcher } from '../support/smtp-catcher';
import { useDeliverySuite } from '../support/delivery-suite';
import { createdEvent, deliveryDeps, PRIYA } from '../support/delivery-fixtures';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';

/** The provider's quota in these runs: 100 emails a day. */
const DAILY_QUOTA = 100;
const SWEEP_EVERY_MS = 15 * 60_000;
/** 10:00 in Coimbatore on an ordinary Monday: an India-time hour starts here. */
const FLOOD_STARTS = new Date('2026-03-02T04:30:00Z');
/** Firestore takes at most 500 writes in one commit. */
const COMMIT_SIZE = 500;
/** Waiting for real work on a 2-core machine: generous, and never a sleep. */
const SCENARIO_TIMEOUT_MS = 240_000;

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('flood-tests', (suite) => ({ db, catcher } = suite));

beforeEach(() => {
  catcher.setQuota(DAILY_QUOTA);
});

/** A simulated day: the clock only moves when the test says so. */
function simulation() {
  let nowMs = FLOOD_STARTS.getTime();
  const { db: metered, meter } = countingFirestore(db);
  const deps = deliveryDeps(metered, catcher.port, { clock: () => new Date(nowMs) });
  const sweepReads: number[] = [];
  let sweeps = 0;
  /** Which simulated time each mail reached the server at. */
  const arrivedAt = new Map<CaughtMail, number>();
  const noteArrivals = () => {
    for (const mail of catcher.messages) if (!arrivedAt.has(mail)) arrivedAt.set(mail, nowMs);
  };
  return {
    deps,
    arrivedAt,
    sweepReads,
    now: () => new Date(nowMs),
    at: (offsetMs: number) => {
      nowMs = FLOOD_STARTS.getTime() + offsetMs;
    },
    /** Writes enquiries as a script would, in commits of 500, stamped with the simulated time. */
    async write(values: EnquiryFormValues[], createdAt: (index: number) => Date): Promise<string[]> {
      const ids: string[] = [];
      for (let start = 0; start < values.length; start += COMMIT_SIZE) {
        const batch = db.batch();
        values.slice(start, start + COMMIT_SIZE).forEach((value, offset) => {
          const when = createdAt(start + offset);
          const ref = db.collection(ENQUIRY_COLLECTION).doc();
          batch.set(ref, {
            ...buildEnquiryPayload(value, FORM_PAGES.other, when),
            createdAt: Timestamp.fromDate(when),
          });
          ids.push(ref.id);
        });
        await batch.commit();
      }
      return ids;
    },
    /** Each document's trigger, ten instances at a time, at the current simulated time. */
    async trigger(ids: string[]): Promise<DeliveryOutcome[]> {
      const queue = [...ids];
      const outcomes: DeliveryOutcome[] = [];
      const instance = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          outcomes.push(
            await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id, new Date(nowMs))),
          );
        }
      };
      await allEnded(Array.from({ length: TRIGGER_MAX_INSTANCES }, instance));
      noteArrivals();
      return outcomes;
    },
    async sweep() {
      sweeps += 1;
      meter.reset();
      const summary = await sweepUndeliveredEnquiries(deps, `simulated-sweep-${sweeps}`);
      sweepReads.push(meter.reads);
      noteArrivals();
      return summary;
    },
  };
}

type Simulation = ReturnType<typeof simulation>;

async function statesOf(ids: string[]): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  for (let start = 0; start < ids.length; start += 300) {
    const refs = ids.slice(start, start + 300).map((id) => db.collection(ENQUIRY_COLLECTION).doc(id));
    for (const snapshot of await db.getAll(...refs))
      states.set(snapshot.id, String(snapshot.get('notification.state') ?? 'NONE'));
  }
  return states;
}

function tally(states: Map<string, string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const state of states.values()) counts[state] = (counts[state] ?? 0) + 1;
  return counts;
}

const isDigest = (mail: CaughtMail) => mail.headers.has('x-enquiry-digest');
const individualEmails = () => catcher.messages.filter((mail) => !isDigest(mail));
const digests = () => catcher.messages.filter(isDigest);
const csvOf = (mail: CaughtMail) => mail.attachments[0]?.content.toString('utf8') ?? '';

/** Sales heard of every enquiry: SENT ones in their own email, DIGESTED ones in a digest's CSV. */
function expectNoneLost(ids: string[], states: Map<string, string>): void {
  const mailed = new Set(individualEmails().map((mail) => String(mail.headers.get('x-enquiry-id'))));
  const digested = digests().map(csvOf).join('\n');
  for (const id of ids) {
    const state = states.get(id) ?? 'NONE';
    expect(SETTLED_STATES, `${id} ended ${state}`).toContain(state);
    if (state === 'SENT') expect(mailed.has(`${ENQUIRY_COLLECTION}/${id}`), `${id} has its email`).toBe(true);
    if (state === 'DIGESTED')
      expect(digested, `${id} is in a digest`).toContain(`${ENQUIRY_COLLECTION}/${id}`);
  }
}

function report(name: string, sim: Simulation, ids: string[], states: Map<string, string>): void {
  console.info(
    `flood simulation, ${name}: ${ids.length} documents; ${individualEmails().length} individual emails, ` +
      `${digests().length} digests; states ${JSON.stringify(tally(states))}; quota used ${catcher.quotaUsed}/` +
      `${DAILY_QUOTA}, refused ${catcher.rejectedCount}; document reads per sweep ${JSON.stringify(sim.sweepReads)} ` +
      `(bound ${SWEEP_MAX_DOCUMENT_READS})`,
  );
}

const distinctSender =
  (tag: string) =>
  (n: number): EnquiryFormValues => ({
    name: `Flood ${tag} ${n}`,
    companyname: 'Script Traders',
    phone: String(8_000_000_000 + n),
    email: `flood-${tag}-${n}@spam.example`,
    city: 'Nowhere',
    ordertype: 'Bulk',
    message: `Scripted enquiry number ${n}, please ignore.`,
  });

describe('a flood of scripted enquiries', () => {
  it(
    '1,000 identical enquiries produce at most one individual email',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const sim = simulation();
      const ids = await sim.write(
        Array.from({ length: 1000 }, () => PRIYA),
        () => sim.now(),
      );
      const outcomes = await sim.trigger(ids);
      sim.at(SWEEP_EVERY_MS);
      await sim.sweep();

      const states = await statesOf(ids);
      report('1,000 identical', sim, ids, states);
      expect(individualEmails().length).toBeLessThanOrEqual(1);
      expect(outcomes.filter((outcome) => outcome.status === 'sent')).toHaveLength(1);
      expect(tally(states)).toEqual({ SENT: 1, DUPLICATE: 999 });
      expectNoneLost(ids, states);
      expect(Math.max(...sim.sweepReads)).toBeLessThanOrEqual(SWEEP_MAX_DOCUMENT_READS);
    },
  );

  it(
    '1,000 distinct senders in one hour: at most the hourly cap of individual emails plus digests, none lost',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const sim = simulation();
      const spacingMs = HOUR_MS / 1000;
      const ids = await sim.write(
        Array.from({ length: 1000 }, (_, n) => distinctSender('b')(n)),
        (n) => new Date(FLOOD_STARTS.getTime() + n * spacingMs),
      );
      // Each quarter hour: that quarter's triggers, then the sweep at its end; then the next hour's sweep.
      const perQuarter = ids.length / 4;
      for (let quarter = 0; quarter < 4; quarter += 1) {
        sim.at(quarter * SWEEP_EVERY_MS + SWEEP_EVERY_MS / 2);
        await sim.trigger(ids.slice(quarter * perQuarter, (quarter + 1) * perQuarter));
        sim.at((quarter + 1) * SWEEP_EVERY_MS);
        await sim.sweep();
      }

      const states = await statesOf(ids);
      report('1,000 distinct senders in an hour', sim, ids, states);
      expect(individualEmails().length).toBeLessThanOrEqual(DEFAULT_ADMISSION_LIMITS.hourlyCap);
      expect(catcher.messages.length).toBeLessThanOrEqual(
        DEFAULT_ADMISSION_LIMITS.hourlyCap + digests().length,
      );
      expect(digests().length).toBeLessThanOrEqual(2);
      expect(tally(states)).toEqual({
        SENT: DEFAULT_ADMISSION_LIMITS.hourlyCap,
        DIGESTED: 1000 - DEFAULT_ADMISSION_LIMITS.hourlyCap,
      });
      expectNoneLost(ids, states);
      expect(Math.max(...sim.sweepReads)).toBeLessThanOrEqual(SWEEP_MAX_DOCUMENT_READS);
    },
  );

  it(
    'with a 100-a-day quota, a real enquiry an hour after a flood of 300 reaches sales within the hour',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const sim = simulation();
      const flood = await sim.write(
        Array.from({ length: 300 }, (_, n) => distinctSender('c')(n)),
        (n) => new Date(FLOOD_STARTS.getTime() + n * 100),
      );
      sim.at(60_000);
      await sim.trigger(flood);
      for (let quarter = 1; quarter <= 3; quarter += 1) {
        sim.at(quarter * SWEEP_EVERY_MS);
        await sim.sweep();
      }

      sim.at(HOUR_MS);
      const [real] = await sim.write([{ ...PRIYA, name: 'Meena Sundaram', email: 'meena@example.com' }], () =>
        sim.now(),
      );
      const realPath = `${ENQUIRY_COLLECTION}/${real}`;
      await sim.trigger([real ?? '']);
      for (let quarter = 5; quarter <= 8; quarter += 1) {
        sim.at(quarter * SWEEP_EVERY_MS);
        await sim.sweep();
      }

      const reachedSales = catcher.messages.find(
        (mail) =>
          mail.headers.get('x-enquiry-id') === realPath || (isDigest(mail) && csvOf(mail).includes(realPath)),
      );
      const states = await statesOf([...flood, real ?? '']);
      report('300 flood, then a real enquiry an hour later, 100-a-day quota', sim, flood, states);
      expect(reachedSales, 'the real enquiry reached sales').toBeDefined();
      const waitedMs =
        (sim.arrivedAt.get(reachedSales as CaughtMail) ?? Infinity) - HOUR_MS - FLOOD_STARTS.getTime();
      console.info(`real enquiry reached sales ${waitedMs / 60_000} simulated minutes after it was written`);
      expect(waitedMs).toBeLessThanOrEqual(HOUR_MS);
      expect(catcher.quotaUsed).toBeLessThanOrEqual(DAILY_QUOTA);
      expectNoneLost([...flood, real ?? ''], states);
      expect(Math.max(...sim.sweepReads)).toBeLessThanOrEqual(SWEEP_MAX_DOCUMENT_READS);
    },
  );
});
