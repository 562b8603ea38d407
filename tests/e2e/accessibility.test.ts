/**
 * axe-core, injected into the real pages, finds nothing on any screen at phone and laptop width,
 * nor with each dialog and state a visitor can bring up: the mobile menu, the promo popup and its
 * short form (with errors, then thanked), the full form with its errors and the thank-you dialog.
 * These visits bypass the site's CSP only so that axe can be injected; every other journey runs
 * under the real policy. A summary of every check is written to artifacts/axe-summary.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/lib/reveal-schedule';
import {
  ROOT,
  scrollThrough,
  VIEWPORT_NAMES,
  VIEWPORTS,
  type ViewportName,
  waitForStillness,
} from '../support/browser';
import {
  axeViolations,
  fillFullForm,
  fillShortForm,
  ERROR_SCREENS,
  fullEnquiry,
  fullForm,
  polled,
  popupEnquiry,
  PRODUCTS,
  shortForm,
  SITE_ROUTES,
  waitForFormReady,
  type AxeViolation,
  openDescriptionPopup,
} from './visitor';
import { useJourneys } from './journeys';

const SUMMARY_PATH = join(ROOT, 'artifacts', 'axe-summary.json');

const summary: { check: string; width: number; violations: AxeViolation[] }[] = [];
const journeys = useJourneys({ stack: 'accessibility' });
const auditVisit = (viewport: ViewportName) =>
  journeys.visit(viewport, { bypassCSP: true, expectedFailures: ERROR_SCREENS });

afterAll(() => {
  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  writeFileSync(SUMMARY_PATH, `${JSON.stringify(summary, null, 2)}\n`);
});

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.targets.join(', ')}`).join('\n');

/** Runs axe on the page as it is now; records the result and fails on any violation. */
async function expectNoViolations(page: Page, check: string, viewport: ViewportName): Promise<void> {
  const violations = await axeViolations(page);
  summary.push({ check, width: VIEWPORTS[viewport].width, violations });
  expect.soft(violations, `${check} at ${viewport} width:\n${describeViolations(violations)}`).toEqual([]);
}

/** The page as a reader ends up seeing it: every card shown, scrolled through, FAQ answers open. */
async function showEverything(page: Page): Promise<void> {
  await page.clock.runFor(PRODUCTS.length * CARD_REVEAL_DELAY_MS);
  await scrollThrough(page);
  await page.evaluate(() =>
    document
      .querySelectorAll<HTMLButtonElement>('main button[aria-expanded="false"][aria-controls]')
      .forEach((toggle) => toggle.click()),
  );
  await waitForStillness(page);
}

describe.each(VIEWPORT_NAMES)('every screen at %s width', (viewport) => {
  it.each(SITE_ROUTES.map((route) => [route.path, route] as const))('%s', async (_path, route) => {
    const { page, goto } = await auditVisit(viewport);
    await page.clock.install();
    await goto(route.path);
    await showEverything(page);
    await expectNoViolations(page, route.path, viewport);
  });
});

describe.each(VIEWPORT_NAMES)('dialogs and form states at %s width', (viewport) => {
  it('the promo popup with its short form, with field errors, and thanked', async () => {
    const { page } = await auditVisit(viewport);
    const popup = await openDescriptionPopup(page);
    const form = shortForm(popup);
    await waitForFormReady(form.submit);
    await waitForStillness(page);
    await expectNoViolations(page, 'promo popup', viewport);

    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).not.toBe('');
    await expectNoViolations(page, 'promo popup with field errors', viewport);

    await fillShortForm(form, popupEnquiry());
    await form.submit.click();
    await popup.getByRole('status').waitFor();
    await waitForStillness(page);
    await expectNoViolations(page, 'promo popup thanked', viewport);
    const doc = await journeys.store.waitForDocument('SME-popup-enquiry-form');
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
  });

  it('the full enquiry form with field errors, and the thank-you dialog', async () => {
    const { page, goto } = await auditVisit(viewport);
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).not.toBe('');
    await expectNoViolations(page, '/enquiry form with field errors', viewport);

    await fillFullForm(form, fullEnquiry());
    await form.submit.click({ force: true });
    await expect.poll(() => form.alert.textContent(), polled).toBe('Please accept the terms and conditions.');
    await expectNoViolations(page, '/enquiry form asking for the terms', viewport);

    await form.terms.check();
    await form.submit.click();
    await page.getByRole('dialog', { name: 'Thank you!' }).waitFor();
    await waitForStillness(page);
    await expectNoViolations(page, 'thank-you dialog', viewport);
    const doc = await journeys.store.waitForDocument('SME-enquiry-form');
    await journeys.store.waitForDeliveryState(doc.ref, 'SENT');
  });
});

describe('the mobile menu', () => {
  it('open, at phone width', async () => {
    const { page, goto } = await auditVisit('mobile');
    await goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open menu' }).click();
    await waitForStillness(page);
    await expectNoViolations(page, 'mobile menu open', 'mobile');
  });
});

describe('the home page for screen-reader users', () => {
  it('has the contact form in the page from the start, not only once it is scrolled near', async () => {
    const { page, goto } = await auditVisit('mobile');
    await goto('/home');
    const contact = page.locator('#contact');
    // Right after load, far above the form: its fields must already be there to be listed and reached.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await contact.getByRole('textbox', { name: 'Name', exact: true }).count()).toBe(1);
    expect(await contact.getByRole('button', { name: 'Send Enquiry' }).count()).toBe(1);
  });
});
