/**
 * What the sales-inbox journeys share: the accounts (made on the Auth emulator with their claims),
 * signing in, the demo enquiries written as the database holds them, and the inbox's parts by
 * role or by the class the inbox gives them.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { demoEnquiries, writeDemoEnquiries, type DemoEnquiry } from '../../scripts/lib/demo-enquiries';
import {
  AUTH_EMULATOR_HOST,
  DEMO_OWNER_ACCOUNT,
  DEMO_SALES_ACCOUNT,
  ensureAccount,
} from '../../scripts/lib/sales-accounts';
import { waitForStillness } from '../support/browser';
import { PROJECT_ID } from '../support/firestore-admin';

export type Account = { email: string; password: string };

/** The Auth emulator through the Admin SDK, with the demo sales and owner accounts made before the file's tests. */
export function useInboxAccounts(name: string): { readonly auth: Auth } {
  let app: App | undefined;
  let auth: Auth | undefined;
  beforeAll(async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR_HOST;
    app = initializeApp({ projectId: PROJECT_ID }, `${name}-auth`);
    auth = getAuth(app);
    await ensureAccount(auth, DEMO_SALES_ACCOUNT, true);
    await ensureAccount(auth, DEMO_OWNER_ACCOUNT, true, true);
  });
  afterAll(async () => {
    if (app) await deleteApp(app);
  });
  return {
    get auth() {
      if (!auth) throw new Error('The Auth emulator is not connected yet.');
      return auth;
    },
  };
}

export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Writes demo enquiries straight to the database, as admission left them (each with a delivery record: no emails). */
export async function seedDemoEnquiries(db: Firestore, count?: number): Promise<DemoEnquiry[]> {
  const enquiries = demoEnquiries(new Date(), count);
  await writeDemoEnquiries(db, enquiries);
  return enquiries;
}

export const resultsStatus = (page: Page) => page.locator('.inbox-results__status');
export const cards = (page: Page) => page.locator('.inbox-card');
export const card = (page: Page, text: string) => page.locator('.inbox-card', { hasText: text });
export const detail = (page: Page) => page.locator('article.inbox-detail');
export const detailHeading = (page: Page) => detail(page).getByRole('heading', { level: 2 });
export const summary = (page: Page) => page.locator('details.inbox-summary');

/** Opens the filter sheet, once it has finished rising into view; returns it. */
export async function openFilters(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter enquiries' });
  await sheet.waitFor();
  // Half-faded in, its text would read as low contrast.
  await waitForStillness(page);
  return sheet;
}

/** Chooses in the filter sheet, then closes it. */
export async function filterBy(page: Page, choices: Record<string, string>): Promise<void> {
  const sheet = await openFilters(page);
  for (const [label, value] of Object.entries(choices))
    await sheet.getByLabel(label, { exact: true }).selectOption(value);
  await sheet.getByRole('button', { name: 'Show enquiries' }).click();
  await sheet.waitFor({ state: 'hidden' });
}

/**
 * Opens a card's enquiry and waits until its detail has settled: the buyer's other enquiries are
 * looked up as it opens, and the answer can move the controls below it. Returns the detail.
 */
export async function openCard(item: Locator): Promise<Locator> {
  const key = await item.getAttribute('data-enquiry');
  await item.getByRole('button').click();
  const opened = item.page().locator(`article.inbox-detail[data-enquiry="${key}"]`);
  await opened.waitFor();
  await opened.locator('[data-buyer-lookup="loading"]').waitFor({ state: 'detached' });
  return opened;
}

/** The card of a demo enquiry. */
export const cardOf = (page: Page, enquiry: { collection: string; id: string }) =>
  page.locator(`.inbox-card[data-enquiry="${enquiry.collection}/${enquiry.id}"]`);
