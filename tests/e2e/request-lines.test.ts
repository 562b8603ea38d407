/**
 * A buyer asks a quote for two products, on the whole local stack: from the Machine Weft page's
 * quote button the enquiry form opens with Machine Weft chosen (and keeps it through a reload,
 * since it is in the address), the buyer adds a second line, sends, and the stored enquiry holds
 * both lines as the contract says, the sales email lists both in its table, the WhatsApp alert
 * names the first, and the sales inbox shows both products on the card and finds the enquiry by
 * either product (and not by a third). A buyer who wants the price list sends the quote button's line
 * with its product alone, and the email, the alert and the inbox read "price list". The form with its two lines (at phone width) and the sales email (at both
 * widths) are pictured: artifacts/screenshots/request-lines/enquiry-lines-*.png and sales-email-*.png.
 */
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { PRICE_LIST_TEXT, QUOTE_MESSAGE } from '../../functions/src/contract/enquiry/request-lines';
import { productPath } from '../../web/src/config/paths';
import { WHATSAPP_STAND_IN_ORIGIN } from '../../scripts/lib/local-services';
import type { StandInMessage } from '../../scripts/lib/whatsapp-stand-in';
import { DELIVERY_TIMEOUT_MS } from '../support/deadlines';
import { DEMO_SALES_ACCOUNT } from '../../scripts/lib/sales-accounts';
import { cardOf, filterBy, openCard, resultsStatus, signIn, useInboxAccounts } from './inbox-visit';
import { useJourneys } from './journeys';
import { fullEnquiry, fullForm, polled, thankYouDialog, waitForFormReady } from './visitor';
import { saveScreenshot, VIEWPORT_NAMES, waitForHydration, waitForStillness } from '../support/browser';

const journeys = useJourneys({ stack: 'request-lines' });
/** A first enquiry as many are: the price list, not an amount. */
const PRICE_LIST_MESSAGE = 'Please send your wholesale price list';
useInboxAccounts('e2e-request-lines');

describe('a buyer asking a quote for two products', () => {
  it('goes from the Machine Weft page to a stored enquiry and a sales email with both lines', async () => {
    const { page, goto } = await journeys.visit('mobile');
    await goto(productPath('machine-weft'));
    await page.getByRole('link', { name: /Request a quote for Machine Weft/ }).click();
    await page.waitForURL(/\/enquiry\?product=machine-weft$/);
    await waitForHydration(page);

    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const product = (line: number) => page.getByRole('combobox', { name: `Product (line ${line})` });
    await expect.poll(() => product(1).inputValue(), polled).toBe('machine-weft');
    expect(await form.message.inputValue()).toBe(QUOTE_MESSAGE);

    // A reload keeps the choice: it is in the address.
    await page.reload();
    await waitForHydration(page);
    await waitForFormReady(form.submit);
    await expect.poll(() => product(1).inputValue(), polled).toBe('machine-weft');

    const lines = page.getByRole('listitem', { name: /^Line \d+$/ });
    await lines
      .nth(0)
      .getByRole('textbox', { name: /^Length/ })
      .fill('22 in');
    await lines.nth(0).getByRole('textbox', { name: 'Quantity' }).fill('8');
    await page.getByRole('button', { name: 'Add another product' }).click();
    await product(2).selectOption('i-tip-extensions');
    await lines.nth(1).getByRole('textbox', { name: 'Quantity' }).fill('1,000');
    await lines.nth(1).getByRole('combobox', { name: 'Unit' }).selectOption('pieces');
    await lines.nth(1).getByRole('checkbox', { name: 'Samples first' }).check();
    await lines.nth(0).evaluate((line) => line.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await waitForStillness(page);
    await saveScreenshot(page, 'enquiry-lines');

    const buyer = fullEnquiry('Lagos');
    await form.name.fill(buyer.name);
    await form.phone.fill(buyer.phone);
    await form.email.fill(buyer.email);
    await form.city.fill(buyer.city);
    await form.ordertype.selectOption(buyer.ordertype);
    await form.terms.check();
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await thankYouDialog(page).waitFor();

    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    expect(doc.get('lines')).toEqual([
      { product: 'machine-weft', length: '22 in', quantity: 8, unit: 'kg', samples: false },
      { product: 'i-tip-extensions', length: '', quantity: 1000, unit: 'pieces', samples: true },
    ]);
    expect(doc.get('message')).toBe(QUOTE_MESSAGE);

    const mail = await journeys.catcher.waitForMessage(
      (candidate) => candidate.headers.get('x-enquiry-id') === doc.ref.path,
    );
    const html = String(mail.html);
    for (const cell of ['Machine Weft', '22 in', '8 kg', 'I-Tip Extensions', '1,000 pieces'])
      expect(html).toContain(`>${cell}</td>`);
    expect(html.indexOf('Asked a quote for')).toBeLessThan(html.indexOf('>Name</th>'));
    for (const viewport of VIEWPORT_NAMES) {
      const reader = await journeys.visit(viewport);
      await reader.page.setContent(html);
      await saveScreenshot(reader.page, 'sales-email', { fullPage: true });
    }
    expect(String(mail.text)).toContain(
      'Asked a quote for:\n- Machine Weft 22 in, 8 kg\n- I-Tip Extensions, 1,000 pieces, samples first',
    );

    const link = `/inbox/${ENQUIRY_COLLECTION}/${doc.id}`;
    const alerts = async () =>
      ((await (await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`)).json()) as StandInMessage[]).filter(
        (message) => message.parameters[5]?.endsWith(link),
      );
    await expect.poll(alerts, { timeout: DELIVERY_TIMEOUT_MS }).not.toHaveLength(0);
    for (const alert of await alerts())
      expect(alert.parameters[2]).toBe('bulk · Machine Weft 22 in, 8 kg, +1 more');

    const sales = await journeys.visit('desktop');
    await sales.goto('/inbox');
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    const sent = cardOf(sales.page, { collection: ENQUIRY_COLLECTION, id: doc.id });
    await sent.waitFor();
    expect(await sent.textContent()).toMatch(/Machine Weft.*I-Tip Extensions/);
    await filterBy(sales.page, { 'Product asked for': 'i-tip-extensions' });
    await sent.waitFor();
    await filterBy(sales.page, { 'Product asked for': 'hand-tied-weft' });
    await expect.poll(() => resultsStatus(sales.page).textContent(), polled).toMatch(/^0 matching/);
    expect(await sent.count()).toBe(0);
  });
});

describe('a buyer asking for the price list', () => {
  it('sends Machine Weft\'s quote line with its product alone, and sales reads "price list"', async () => {
    const { page, goto } = await journeys.visit('mobile');
    await goto(productPath('machine-weft'));
    await page.getByRole('link', { name: /Request a quote for Machine Weft/ }).click();
    await page.waitForURL(/\/enquiry\?product=machine-weft$/);
    await waitForHydration(page);
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const product = page.getByRole('combobox', { name: 'Product (line 1)' });
    await expect.poll(() => product.inputValue(), polled).toBe('machine-weft');

    const buyer = fullEnquiry('Nairobi');
    await form.name.fill(buyer.name);
    await form.phone.fill(buyer.phone);
    await form.email.fill(buyer.email);
    await form.city.fill(buyer.city);
    await form.ordertype.selectOption(buyer.ordertype);
    await form.message.fill(PRICE_LIST_MESSAGE);
    await form.terms.check();
    // The line keeps its empty quantity: nothing asks for one.
    expect(await page.getByRole('textbox', { name: /^Quantity/ }).inputValue()).toBe('');
    await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
    await form.submit.click();
    await thankYouDialog(page).waitFor();

    const doc = await journeys.store.waitForDocument(ENQUIRY_COLLECTION);
    expect(doc.get('lines')).toEqual([{ product: 'machine-weft', length: '', samples: false }]);
    expect(doc.get('message')).toBe(PRICE_LIST_MESSAGE);

    const mail = await journeys.catcher.waitForMessage(
      (candidate) => candidate.headers.get('x-enquiry-id') === doc.ref.path,
    );
    expect(String(mail.html)).toContain(`>${PRICE_LIST_TEXT}</td>`);
    expect(String(mail.text)).toContain(`Asked a quote for:\n- Machine Weft, ${PRICE_LIST_TEXT}`);

    const link = `/inbox/${ENQUIRY_COLLECTION}/${doc.id}`;
    const alerts = async () =>
      ((await (await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`)).json()) as StandInMessage[]).filter(
        (message) => message.parameters[5]?.endsWith(link),
      );
    await expect.poll(alerts, { timeout: DELIVERY_TIMEOUT_MS }).not.toHaveLength(0);
    for (const alert of await alerts())
      expect(alert.parameters[2]).toBe(`bulk · Machine Weft, ${PRICE_LIST_TEXT}`);

    const sales = await journeys.visit('mobile');
    await sales.goto('/inbox');
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    const sent = cardOf(sales.page, { collection: ENQUIRY_COLLECTION, id: doc.id });
    await sent.waitFor();
    const opened = await openCard(sent);
    expect(await opened.locator('.inbox-lines').textContent()).toContain(`Machine Weft, ${PRICE_LIST_TEXT}`);
  });
});
