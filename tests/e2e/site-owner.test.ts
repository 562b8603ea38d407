/**
 * The owner keeps the site true from a phone (390 px), on the whole local stack: the inbox's Site
 * part saves drafts under the real rules, the `sitePhoto` and `sitePublish` functions run in the
 * Functions emulator with the bundle the build packaged, and publish through the local Hosting API
 * stand-in, whose live release is what the Hosting emulator serves at http://127.0.0.1:5000.
 */
import { describe, expect, it } from 'vitest';
import {
  PHOTO_REFUSALS,
  SITE_PHOTO_FUNCTION,
  SITE_PUBLISH_FUNCTION,
} from '../../functions/src/contract/site/site-publish';
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoFilePath } from '../../functions/src/contract/site/site-content';
import { DEMO_OWNER_ACCOUNT, DEMO_SALES_ACCOUNT } from '../../scripts/lib/sales-accounts';
import { seedSiteDrafts } from '../../scripts/lib/site-drafts';
import { PORTS, PROJECT_ID } from '../../scripts/lib/project';
import { saveScreenshot } from '../support/browser';
import { startAdmin, stopAdmin } from '../support/firestore-admin';
import { SITE_ORIGIN } from '../support/hosting';
import { phonePhoto } from '../support/phone-photo';
import { metadataLeft } from '../support/photo-metadata';
import { BOMB_SIDE, pngBomb } from '../support/photo-bombs';
import { signIn, useInboxAccounts } from './inbox-visit';
import { useJourneys } from './journeys';

const journeys = useJourneys({ stack: 'e2e-site-owner' });
useInboxAccounts('e2e-site-owner');

const MACHINE_WEFT = '/products/description/machine-weft';
const NEW_UNIT = 'Bundle of 100 g, double drawn';
const NEW_LEAD_TIME = '10 working days from the confirmed order';
/** The promise: live within a minute of the owner's tap. */
const TAP_TO_LIVE_MS = 60_000;
const FUNCTIONS = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/asia-south1`;

const livePage = async (path: string) => (await fetch(`${SITE_ORIGIN}${path}`)).text();

async function seedDrafts(): Promise<void> {
  const { app, db } = startAdmin('e2e-site-owner-drafts');
  try {
    await seedSiteDrafts(db);
  } finally {
    await stopAdmin(app);
  }
}

/** An ID token from the Auth emulator, as the inbox holds one. */
async function idTokenOf(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      body: JSON.stringify({ ...account, returnSecureToken: true }),
      headers: { 'content-type': 'application/json' },
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

describe('the owner keeps the site true from a phone', () => {
  it(
    'changes Machine Weft’s unit and a trade term, adds a photo, previews, publishes within a minute, and undoes',
    { timeout: 300_000 },
    async () => {
      await seedDrafts();
      const owner = await journeys.visit('mobile');
      const { page } = owner;
      await owner.goto('/inbox');
      await signIn(page, DEMO_OWNER_ACCOUNT);
      await page.getByRole('link', { name: 'Site' }).click();
      await page.getByRole('heading', { name: 'Your site' }).waitFor();

      await page.getByRole('button', { name: /^Machine Weft/ }).click();
      await page.getByLabel('Sold as').fill(NEW_UNIT);
      // A small file declaring 16,000 × 16,000 is refused from its header, in the owner's words.
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: await pngBomb() });
      await page.getByText(PHOTO_REFUSALS.tooManyPixels(BOMB_SIDE, BOMB_SIDE)).waitFor({ timeout: 60_000 });
      const photo = await phonePhoto();
      expect(await metadataLeft(photo)).toEqual(['exif', 'gps']);
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'machine-weft.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByText(/^Photo taken/).waitFor({ timeout: 60_000 });
      await page
        .getByLabel("Photo's description")
        .fill('A machine weft bundle of dark wavy hair on a white table');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(/^Saved\./).waitFor();
      await saveScreenshot(page, 'site-editor', { fullPage: true });
      await page.getByRole('button', { name: '← All sections' }).click();
      await page.getByRole('button', { name: /^Trade terms/ }).click();
      await page.getByLabel('Lead time').fill(NEW_LEAD_TIME);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(/^Saved\./).waitFor();
      await page.getByRole('button', { name: '← All sections' }).click();

      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const open = page.getByRole('link', { name: 'Open the preview' });
      await open.waitFor({ timeout: 120_000 });
      const previewUrl = (await open.getAttribute('href')) ?? '';
      expect(previewUrl).not.toContain(SITE_ORIGIN);
      const preview = await owner.context.newPage();
      await preview.goto(`${previewUrl}${MACHINE_WEFT}`);
      await expect.poll(() => preview.locator('main').textContent()).toContain(NEW_UNIT);
      expect(await preview.locator('main').textContent()).toContain(NEW_LEAD_TIME);
      await saveScreenshot(preview, 'site-preview');
      await preview.close();
      expect(await livePage(MACHINE_WEFT)).not.toContain(NEW_UNIT);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      // The seed's sample values are named; the owner publishes them as they are this time.
      const anyway = page.getByRole('button', { name: 'Publish with these sample values' });
      await anyway.waitFor({ timeout: 60_000 });
      const tapped = Date.now();
      await anyway.click();
      await expect
        .poll(() => livePage(MACHINE_WEFT), { timeout: TAP_TO_LIVE_MS, interval: 250 })
        .toContain(NEW_UNIT);
      const seconds = (Date.now() - tapped) / 1000;
      console.info(`publish: ${seconds.toFixed(1)} s from the owner's tap to the live page`);
      await page.getByText(/^Published: the site is live/).waitFor({ timeout: 30_000 });

      const visitor = await journeys.visit('mobile');
      await visitor.goto(MACHINE_WEFT);
      const main = visitor.page.locator('main');
      expect(await main.textContent()).toContain(NEW_UNIT);
      expect(await main.textContent()).toContain(NEW_LEAD_TIME);
      const image = main.locator('img[fetchpriority="high"]');
      expect(await image.getAttribute('src')).toMatch(/^\/assets\/photos\/[0-9a-f]{16}-800\.webp$/);
      expect(await image.getAttribute('alt')).toBe(
        'A machine weft bundle of dark wavy hair on a white table',
      );
      // Every file the publish put on the site, each width in each format, holds no metadata.
      const photoId = /\/([0-9a-f]{16})-\d+\.webp$/.exec((await image.getAttribute('src')) ?? '')?.[1] ?? '';
      const published = PHOTO_WIDTHS.flatMap((width) =>
        PHOTO_FORMATS.map((format) => photoFilePath(photoId, width, format)),
      );
      for (const path of published) {
        const response = await fetch(`${SITE_ORIGIN}${path}`);
        expect(response.status, path).toBe(200);
        expect(await metadataLeft(Buffer.from(await response.arrayBuffer())), path).toEqual([]);
      }
      await visitor.page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(visitor.page, 'site-published');

      await page.getByRole('button', { name: 'Undo last publish' }).click();
      await expect
        .poll(() => livePage(MACHINE_WEFT), { timeout: TAP_TO_LIVE_MS, interval: 250 })
        .not.toContain(NEW_UNIT);
      await page.getByText(/^Undone: the site is back as it was/).waitFor({ timeout: 30_000 });
    },
  );

  it('shows a sales account without owner no Site part, and the functions refuse it and a visitor', async () => {
    await seedDrafts();
    const sales = await journeys.visit('mobile');
    await sales.goto('/inbox');
    await signIn(sales.page, DEMO_SALES_ACCOUNT);
    await sales.page.getByRole('heading', { name: 'Enquiries' }).waitFor();
    expect(await sales.page.getByRole('link', { name: 'Site' }).count()).toBe(0);
    await sales.goto('/inbox/site');
    // To a sales account the Site part's address is no address of the inbox's.
    await sales.page.getByText('This link does not name an enquiry').waitFor();
    expect(await sales.page.getByRole('heading', { name: 'Your site' }).count()).toBe(0);

    const token = await idTokenOf(DEMO_SALES_ACCOUNT);
    const upload = (headers: Record<string, string>) =>
      fetch(`${FUNCTIONS}/${SITE_PHOTO_FUNCTION}`, {
        method: 'POST',
        headers,
        body: new Uint8Array(Buffer.from('x')),
      });
    const asSales = await upload({ authorization: `Bearer ${token}` });
    expect(asSales.status).toBe(403);
    expect(await asSales.json()).toEqual({ error: "Only the owner's account can change the site." });
    const asVisitor = await upload({});
    expect(asVisitor.status).toBe(401);

    const publish = (headers: Record<string, string>) =>
      fetch(`${FUNCTIONS}/${SITE_PUBLISH_FUNCTION}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data: { action: 'publish', publishUnconfirmed: true } }),
      }).then((response) => response.json() as Promise<{ error?: { status: string; message: string } }>);
    expect((await publish({ authorization: `Bearer ${token}` })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: "Only the owner's account can change the site.",
    });
    expect((await publish({})).error).toMatchObject({ status: 'UNAUTHENTICATED' });
  });
});
