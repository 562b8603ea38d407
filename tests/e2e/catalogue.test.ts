/**
 * A buyer browsing the range: the product cards appearing one by one, "Read More", the
 * description page's sidebar, reload, Back, the first product for a visitor with no pick, and a
 * quote asked for from a product's page.
 */
import '../support/seed-content';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/lib/reveal-schedule';
import { productPageMeta } from '../../web/src/content/pages';
import {
  advanceClock,
  gotoOnPausedClock,
  pauseClock,
  pausedTimeline,
  scrollY,
  waitForHydration,
} from '../support/browser';
import { detailsOf } from '../../web/src/content/product-details';
import {
  FIRST_PRODUCT,
  polled,
  present,
  PRODUCTS,
  type CatalogueProduct,
  pageHeading,
  pathOf,
} from './visitor';
import { useJourneys } from './journeys';

const journeys = useJourneys();
const visit = journeys.visit;

const cards = (page: Page) => page.locator('li.product-card');
const cardStates = (page: Page) =>
  cards(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
const sidebar = (page: Page) => page.locator('aside.description__sidebar');
const sidebarTitle = (page: Page) => sidebar(page).getByRole('heading', { level: 2 });
const sidebarLinks = (page: Page) => sidebar(page).getByRole('link');
const currentInSidebar = (page: Page) => sidebar(page).locator('a[aria-current="page"]').allTextContents();

/** What a visitor reads on a product's description page. */
async function expectProductShown(page: Page, product: CatalogueProduct): Promise<void> {
  await expect.poll(() => pageHeading(page).textContent(), polled).toBe(product.productName);
  expect(await sidebarTitle(page).textContent()).toBe(product.category.categoryTitle);
  expect(await sidebarLinks(page).allTextContents()).toEqual(
    product.category.products.map((item) => item.productName),
  );
  expect(await currentInSidebar(page)).toEqual([product.productName]);
  const article = page.locator('article.description__content');
  expect(await article.locator('.description__image img').getAttribute('alt')).toBe(product.productImageAlt);
  const questions = article.locator('.description__faqs').getByRole('button');
  expect(await questions.allTextContents()).toEqual(
    detailsOf(product.slug).productFaqs.map((faq) => faq.question),
  );
  expect(await page.title()).toBe(
    productPageMeta(product.productName, product.productShortDescription).title,
  );
  expect(await page.getByRole('link', { name: 'Contact Us Now' }).getAttribute('href')).toBe('/enquiry');
}

describe('the products page', () => {
  it('reveals the cards one by one in catalogue order, 800 ms apart', async () => {
    const { page } = await visit();
    await pauseClock(page);
    const { jitterMs } = await gotoOnPausedClock(page, '/products');
    const clock = pausedTimeline(page, jitterMs);
    expect(await cards(page).count()).toBe(PRODUCTS.length);
    const expected = (shown: number) => PRODUCTS.map((_, index) => (index < shown ? 'visible' : 'hidden'));

    await clock.at(0);
    expect(await cardStates(page)).toEqual(expected(1));
    for (let shown = 1; shown < PRODUCTS.length; shown += 1) {
      const due = shown * CARD_REVEAL_DELAY_MS;
      await clock.at(due - jitterMs - 1);
      expect(await cardStates(page), `${shown} cards just before the next`).toEqual(expected(shown));
      await clock.at(due);
      expect(await cardStates(page), `${shown + 1} cards`).toEqual(expected(shown + 1));
    }
  });

  it('animates each revealed card in once a tenth of it has scrolled into view', async () => {
    const { page } = await visit('mobile');
    await pauseClock(page);
    await gotoOnPausedClock(page, '/products');
    await advanceClock(page, PRODUCTS.length * CARD_REVEAL_DELAY_MS);
    const last = cards(page).last();
    expect(await last.getAttribute('data-state')).toBe('visible');
    // Far below the fold on a phone: revealed, but not yet animated in.
    expect(await last.evaluate((card) => card.classList.contains('visible'))).toBe(false);
    expect(await last.evaluate((card) => getComputedStyle(card).opacity)).toBe('0');

    // Just over a tenth of the card scrolled into view.
    await last.evaluate((card) => {
      const box = card.getBoundingClientRect();
      window.scrollBy({ top: box.top - window.innerHeight + box.height * 0.2, behavior: 'instant' });
    });
    await expect.poll(() => last.evaluate((card) => card.classList.contains('visible')), polled).toBe(true);
    await expect.poll(() => last.evaluate((card) => getComputedStyle(card).opacity), polled).toBe('1');
  });
});

describe('from a card to its description', () => {
  it('opens the product from "Read More", switches in the sidebar, survives a reload and goes Back', async () => {
    const { page, goto } = await visit();
    await page.clock.install();
    await goto('/products');
    await page.clock.runFor(PRODUCTS.length * CARD_REVEAL_DELAY_MS);
    const remy = PRODUCTS.filter((product) => product.categoryIndex === 1);
    const iTip = present(remy[2], "the second category's third product");
    const handTied = present(remy[3], "the second category's fourth product");
    expect([iTip.slug, handTied.slug]).toEqual(['i-tip-extensions', 'hand-tied-weft']);

    const readMore = page.getByRole('link', { name: `Read More about ${iTip.productName}` });
    await readMore.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () => readMore.evaluate((link) => link.closest('.product-card')?.classList.contains('visible')),
        polled,
      )
      .toBe(true);
    await readMore.click();
    await expect.poll(() => pathOf(page), polled).toBe(`/products/description/${iTip.slug}`);
    await expectProductShown(page, iTip);
    await expect.poll(() => scrollY(page), polled).toBe(0);

    // Each product in the sidebar is a page of its own: the switch loads it.
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) loads.push(new URL(request.url()).pathname);
    });
    await sidebar(page).getByRole('link', { name: handTied.productName }).click();
    await expect.poll(() => pathOf(page), polled).toBe(`/products/description/${handTied.slug}`);
    await waitForHydration(page);
    await expectProductShown(page, handTied);
    expect(loads).toEqual([`/products/description/${handTied.slug}`]);

    await page.reload();
    await waitForHydration(page);
    await expectProductShown(page, handTied);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => pathOf(page), polled).toBe('/products');
    await expect.poll(() => pageHeading(page).textContent(), polled).toBe('Our Products');

    // The description page without a product remembers this visitor's pick.
    await goto('/products/description');
    await expect.poll(() => pathOf(page), polled).toBe(`/products/description/${handTied.slug}`);
    await expectProductShown(page, handTied);
  });

  it('asks for a quote on the product from beside its facts: the address names it, survives a reload, and the enquiry page opens whatever it names', async () => {
    const { page, goto } = await visit('mobile');
    await goto('/products/description/machine-weft');
    const quote = page.getByRole('link', { name: 'Request a quote for Machine Weft' });
    // In the product's own part of the page, before its questions.
    expect(
      await quote.evaluate((link) => {
        const questions = document.getElementById('product-faq-title');
        return Boolean(
          link.closest('article') &&
          questions &&
          link.compareDocumentPosition(questions) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }),
    ).toBe(true);
    await quote.click();
    await expect.poll(() => page.url(), polled).toMatch(/\/enquiry\?product=machine-weft$/);
    await waitForHydration(page);
    await expect.poll(() => pageHeading(page).textContent(), polled).toBe('Book an Enquiry');
    await page.reload();
    await waitForHydration(page);
    expect(new URL(page.url()).search).toBe('?product=machine-weft');
    expect(await pageHeading(page).textContent()).toBe('Book an Enquiry');
    // A shared link naming no product of ours opens the same page, without an error.
    await goto('/enquiry?product=no-such-product');
    expect(await pageHeading(page).textContent()).toBe('Book an Enquiry');
    expect(await page.getByRole('button', { name: 'Send Enquiry' }).isVisible()).toBe(true);
  });

  it('shows the first product of the first category to a visitor who has not picked one', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, goto } = await visit(viewport);
      const response = await goto('/products/description');
      expect(response?.status()).toBe(200);
      expect(pathOf(page)).toBe('/products/description');
      await expectProductShown(page, FIRST_PRODUCT);
      expect(await page.getByText(FIRST_PRODUCT.category.categoryTitle).first().isVisible()).toBe(true);
    }
  });
});
