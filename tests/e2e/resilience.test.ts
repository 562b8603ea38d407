/**
 * The edges where a lead is lost: a write that reached the database but whose answer never came
 * back, and a new release that removed the files an open page still expects. Each journey ends
 * with the page's content on screen and exactly one stored enquiry and one sales email.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../functions/src/contract/enquiry/enquiry';
import { waitForHydration } from '../support/browser';
import { useJourneys } from './journeys';
import {
  FIRST_PRODUCT,
  fillFullForm,
  fullEnquiry,
  fullForm,
  mailsAbout,
  polled,
  routeAt,
  thankYouDialog,
  waitForFormReady,
} from './visitor';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';

const journeys = useJourneys({ stack: 'resilience' });

/** Firestore's write endpoint, as the site's database module calls it. */
const isFirestoreCommit = (url: URL) => url.port === '8080' && url.pathname.endsWith(':commit');

describe('a write whose answer is lost', () => {
  it('tells the visitor it failed; their retry stores nothing new, and sales get one enquiry and one email', async () => {
    const { page, goto } = await journeys.visit('mobile');
    let commits = 0;
    await page.route(isFirestoreCommit, async (route) => {
      commits += 1;
      if (commits > 1) return route.continue();
      // The write reaches the database, then the phone's connection drops before the answer.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const enquiry = fullEnquiry('Karur');
    await fillFullForm(form, enquiry);
    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();

    await expect.poll(() => form.alert.textContent(), polled).toBe(FORM_MESSAGES.submitFailed);
    expect(await form.name.inputValue()).toBe(enquiry.name);
    const [stored] = await journeys.store.waitForDocuments(ENQUIRY_COLLECTION, 1);
    expect(stored?.get('name')).toBe(enquiry.name);

    await form.submit.click();
    await thankYouDialog(page).waitFor();
    expect(commits).toBe(2);
    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
    expect(await journeys.store.documents(ENQUIRY_COLLECTION)).toHaveLength(1);
    expect(mailsAbout(journeys.catcher.messages, doc.ref.path)).toHaveLength(1);
    expect(journeys.catcher.messages).toHaveLength(1);
  });
});

/**
 * A deploy has replaced the site: every hashed file the open page has not fetched yet is gone
 * (404), until the page is loaded again, when the new release's HTML and files are served.
 * Resolves with a counter of the full page loads that follow.
 */
async function releaseNewVersion(page: Page): Promise<{ pageLoads: () => number }> {
  const fetched = new Set(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    ),
  );
  let pageLoads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) pageLoads += 1;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/'),
    (route) => {
      const path = new URL(route.request().url()).pathname;
      if (pageLoads === 0 && !fetched.has(path)) return route.fulfill({ status: 404, body: 'Not Found' });
      return route.continue();
    },
  );
  return { pageLoads: () => pageLoads };
}

/** The old release's code files, which releaseNewVersion answers with 404 on purpose. */
const OLD_RELEASE_FILES = [/^\/assets\//];
const visitAcrossRelease = (viewport: 'mobile' | 'desktop') =>
  journeys.visit(viewport, { expectedFailures: OLD_RELEASE_FILES });

describe('a page left open across a new release', () => {
  it('opens another page from the navigation by loading it afresh', async () => {
    const { page, goto } = await visitAcrossRelease('desktop');
    await goto('/home');
    const release = await releaseNewVersion(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About', exact: true })
      .click();

    await expect.poll(() => release.pageLoads(), polled).toBe(1);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.locator('main h1').textContent()).toContain(routeAt('/about').h1);
  });

  it('opens a product by loading its page afresh', async () => {
    const { page, goto } = await visitAcrossRelease('desktop');
    await goto('/products');
    const release = await releaseNewVersion(page);
    const readMore = page.getByRole('link', { name: `Read More about ${FIRST_PRODUCT.productName}` });
    await readMore.click();

    await expect.poll(() => release.pageLoads(), polled).toBe(1);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe(`/products/description/${FIRST_PRODUCT.slug}`);
    expect(await page.locator('main h1').textContent()).toBe(FIRST_PRODUCT.productName);
  });

  it('keeps what the visitor typed into a form whose code is gone, and sends it after a fresh load', async () => {
    const { page, goto } = await visitAcrossRelease('mobile');
    await goto('/home');
    const release = await releaseNewVersion(page);
    let form = fullForm(page.locator('#contact'));
    await form.name.scrollIntoViewIfNeeded();
    await form.name.click();
    await page.keyboard.type('Meena');

    await expect.poll(() => release.pageLoads(), polled).toBe(1);
    await waitForHydration(page);
    form = fullForm(page.locator('#contact'));
    await waitForFormReady(form.submit);
    expect(await form.name.inputValue()).toBe('Meena');

    const enquiry = fullEnquiry('Namakkal');
    await fillFullForm(form, enquiry);
    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await thankYouDialog(page).waitFor();
    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    expect(doc.get('formpage')).toBe('Homepage');
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
    expect(journeys.catcher.messages).toHaveLength(1);
  });
});
