/**
 * How fast sales answers, as buyers see it, on the whole local stack. With 19 answered enquiries
 * in the last 90 days /enquiry shows no figure and the inbox says why; with ten more answered and a
 * salesperson's first contact on one more waiting enquiry (the inbox's "Reply by email", then the
 * follow-up trigger, which works the figure out again), 30 are counted, and /enquiry and its
 * thank-you show their median, the very sentence the inbox shows. Enquiries admission held back,
 * duplicates and answers older than the window are answered within a minute here, so counting any
 * of them would change the figure.
 * Pictured: artifacts/screenshots/reply-speed/reply-speed-{enquiry,thank-you}-390x844.png, reply-speed-inbox-1280x800.png.
 */
import { MINUTE_MS, DAY_MS } from '../../functions/src/contract/base/time';
import { describe, expect, it } from 'vitest';
import { RESPONSE_STATS_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { REPLY_SPEED_DOCUMENT, REPLY_SPEED_PATH } from '../../functions/src/contract/delivery/reply-speed';
import { REPLY_SPEED_CACHE_CONTROL } from '../../functions/src/enquiry/reply-speed';
import { demoEnquiries, writeDemoEnquiries, type DemoEnquiry } from '../../scripts/lib/demo-enquiries';
import { DEMO_SALES_ACCOUNT } from '../../scripts/lib/sales-accounts';
import { cardOf, detail, openCard, signIn, summary, useInboxAccounts } from './inbox-visit';
import { useJourneys } from './journeys';
import { saveScreenshot, waitForStillness } from '../support/browser';
import { fullEnquiry, polled, sendFullEnquiry, thankYouDialog } from './visitor';
import type { Page } from 'playwright-core';

const journeys = useJourneys({ stack: 'reply-speed' });
useInboxAccounts('e2e-reply-speed');

type Answer = { minutes: number; state?: DemoEnquiry['notification']['state']; daysAgo?: number };

/**
 * Enquiries received `daysAgo` (two by default) and first contacted `minutes` later, in the given
 * delivery state (SENT by default); `null` for one still waiting, received 50 minutes ago.
 */
function enquiries(now: Date, answers: (Answer | null)[]): DemoEnquiry[] {
  const made = demoEnquiries(now, answers.length);
  return answers.map((answer, index) => {
    const base = made[index] as DemoEnquiry;
    const createdAt = new Date(
      now.getTime() - (answer ? (answer.daysAgo ?? 2) * DAY_MS + index * MINUTE_MS : 50 * MINUTE_MS),
    );
    const state = answer?.state ?? 'SENT';
    const contacted = answer ? new Date(createdAt.getTime() + answer.minutes * MINUTE_MS) : null;
    return {
      ...base,
      createdAt,
      notification:
        state === 'DUPLICATE'
          ? { state, attempts: 0, lastError: null, sentAt: null, duplicateOf: `${base.collection}/first` }
          : { state, attempts: 1, lastError: null, sentAt: new Date(createdAt.getTime() + 2000) },
      followUp: contacted
        ? { status: 'Contacted', note: '', at: contacted, firstContactAt: contacted }
        : null,
    };
  });
}

const repeat = (count: number, answer: Answer): Answer[] => Array.from({ length: count }, () => answer);

/** The figure's line under the form on /enquiry, once the page has its answer. */
async function figureOnEnquiryPage(page: Page): Promise<string> {
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === REPLY_SPEED_PATH);
  await page.goto('/enquiry');
  const answer = await asked;
  expect(answer.status()).toBe(200);
  // One address the CDN caches: no query string, and the function's own cache header through Hosting.
  expect(new URL(answer.url()).search).toBe('');
  expect(answer.headers()['cache-control']).toBe(REPLY_SPEED_CACHE_CONTROL);
  const line = page.locator('.enquiry-form__speed[data-answered]');
  await line.waitFor({ state: 'attached' });
  return (await line.textContent()) ?? '';
}

/** The screen as it stands, with `shown` (a selector) in the middle of it. */
async function picture(page: Page, name: string, shown?: string) {
  if (shown)
    await page
      .locator(shown)
      .evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await waitForStillness(page);
  await saveScreenshot(page, name);
}

async function inboxFigure(page: Page): Promise<string> {
  const details = summary(page);
  await details.locator('summary').click();
  const line = details.locator('[data-reply-speed]');
  await line.waitFor();
  return ((await line.textContent()) ?? '').replaceAll('\u00a0', ' ');
}

describe('how fast sales answers, shown to buyers', () => {
  it('stays hidden below 20 answered enquiries, then shows their median, the inbox’s own figure', async () => {
    const now = new Date();
    // Counted: 13 answered in 5 min and 6 in 1 h 40 min. Never counted: held, digested and
    // duplicate enquiries, and one received 100 days ago, all answered in a minute.
    await writeDemoEnquiries(
      journeys.store.db,
      enquiries(now, [
        ...repeat(13, { minutes: 5 }),
        ...repeat(6, { minutes: 100 }),
        ...repeat(2, { minutes: 1, state: 'HELD' }),
        ...repeat(2, { minutes: 1, state: 'DIGESTED' }),
        ...repeat(2, { minutes: 1, state: 'DUPLICATE' }),
        { minutes: 1, daysAgo: 100 },
      ]),
    );

    const early = await journeys.visit('mobile');
    expect(await figureOnEnquiryPage(early.page)).toBe('');
    const sales = await journeys.visit('desktop');
    await sales.goto('/inbox');
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    expect(await inboxFigure(sales.page)).toBe(
      'Median first reply over the last 90 days: 5 min, over 19 answered enquiries. Buyers are shown it from 20.',
    );

    // Ten more answered in five hours, and one buyer still waiting (50 minutes so far).
    const later = enquiries(new Date(), [...repeat(10, { minutes: 300 }), null]);
    await writeDemoEnquiries(journeys.store.db, later);
    const waiting = later.at(-1) as DemoEnquiry;
    await sales.page.reload();
    await openCard(cardOf(sales.page, waiting));
    await detail(sales.page).getByRole('link', { name: 'Reply by email' }).click();
    // The follow-up trigger records the wait and works the figure out again: 30 answers counted.
    const figure = journeys.store.db.collection(RESPONSE_STATS_COLLECTION).doc(REPLY_SPEED_DOCUMENT);
    await expect.poll(async () => (await figure.get()).get('answered') as number, polled).toBe(30);

    // Sorted, 13 × 5 min, the 50-minute wait, then 6 × 1 h 40 min: the 15th and 16th are 1 h 40 min.
    const expected = 'Our sales team’s median first reply: 1 h 40 min, over 30 enquiries in the last 90 days';
    const buyer = await journeys.visit('mobile');
    expect(await figureOnEnquiryPage(buyer.page)).toBe(expected);
    await picture(buyer.page, 'reply-speed-enquiry', '.enquiry-form__speed');
    await sendFullEnquiry(buyer.page, fullEnquiry('Madurai'));
    expect(await thankYouDialog(buyer.page).textContent()).toContain(`${expected}.`);
    await picture(buyer.page, 'reply-speed-thank-you');

    await sales.page.reload();
    expect(await inboxFigure(sales.page)).toBe(`Buyers are shown: “${expected}”.`);
    await picture(sales.page, 'reply-speed-inbox', '[data-reply-speed]');
  });
});
