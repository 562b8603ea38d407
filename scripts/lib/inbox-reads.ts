/**
 * How many documents the sales inbox reads when it opens on a big database: `npm run bench:load`
 * seeds 20,000 enquiries (scripts/lib/demo-enquiries.ts) into the Firestore emulator beside the
 * Hosting and Auth emulators (no functions: nothing reacts to the seed), signs in as the demo sales
 * account in Chromium, and reads the inbox's own meter (`window.inboxDocumentsRead`, kept by
 * web/src/features/inbox/api/reads.ts as Firestore bills reads) once the list and the response
 * figures are shown, then after opening the summary, the waiting list and the newest enquiry.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, chromiumPath } from './chromium';
import { demoEnquiries, writeDemoEnquiries } from './demo-enquiries';
import { PORTS, PROJECT_ID } from './project';
import { AUTH_EMULATOR_HOST, DEMO_SALES_ACCOUNT, ensureAccount } from './sales-accounts';

/** The database the inbox is measured against. */
const INBOX_BENCH_ENQUIRIES = 20_000;
/** "A few hundred": more than this when the inbox opens fails the run. */
const INBOX_OPENING_READS_LIMIT = 300;
/** Each step in the browser on a busy machine with 20,000 documents in the emulator. */
const STEP_TIMEOUT_MS = 120_000;

/** How often, and how many times in a row, the meter must read the same before a step is done. */
const QUIET_POLL_MS = 500;
const QUIET_POLLS = 4;

/**
 * The inbox's meter once it has stopped moving: a step's reads are done when its last answer has
 * come, which the page does not announce, so the meter must read the same for two seconds.
 */
async function documentsRead(page: Page): Promise<number> {
  const read = () =>
    page.evaluate(() => (window as unknown as { inboxDocumentsRead?: number }).inboxDocumentsRead ?? 0);
  let last = await read();
  let same = 0;
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (same < QUIET_POLLS) {
    if (Date.now() > deadline) throw new Error(`the inbox kept reading for ${STEP_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

export async function measureInboxReads(): Promise<{ lines: string[]; ok: boolean }> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
  const admin = initializeApp({ projectId: PROJECT_ID }, 'bench-inbox-reads');
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(`Chromium is required: ${CHROMIUM_INSTALL_HINT}.`);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const seeding = performance.now();
    await writeDemoEnquiries(getFirestore(admin), demoEnquiries(new Date(), INBOX_BENCH_ENQUIRIES));
    const seededS = (performance.now() - seeding) / 1000;
    await ensureAccount(getAuth(admin), DEMO_SALES_ACCOUNT, true);

    const page = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      baseURL: `http://127.0.0.1:${PORTS.hosting}`,
      timezoneId: 'Asia/Kolkata',
    });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto('/inbox');
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_SALES_ACCOUNT.email);
    await page.getByLabel('Password').fill(DEMO_SALES_ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Open: the newest of both forms listed, and this week's and last week's figures shown.
    await page.waitForFunction(
      () =>
        /^50 newest enquiries/.test(document.querySelector('.inbox-results__status')?.textContent ?? '') &&
        /^This week: /.test(document.querySelector('.inbox-summary__teaser')?.textContent ?? ''),
    );
    const opening = await documentsRead(page);

    await page.locator('.inbox-summary > summary').click();
    await page.locator('.inbox-chart').waitFor();
    const summary = await documentsRead(page);

    await page.getByRole('button', { name: 'List them, oldest first' }).click();
    await page.waitForFunction(() =>
      /^\d+ waiting more than 1 h/.test(document.querySelector('.inbox-results__status')?.textContent ?? ''),
    );
    const waiting = await documentsRead(page);

    await page.getByRole('button', { name: 'Show all enquiries' }).click();
    await page.locator('.inbox-card button').first().click();
    await page.locator('.inbox-detail [data-buyer-enquiries]').waitFor();
    const buyer = await documentsRead(page);

    const row = (label: string, reads: number) => `  ${label.padEnd(52)} ${String(reads).padStart(5)}`;
    return {
      ok: opening <= INBOX_OPENING_READS_LIMIT,
      lines: [
        `Sales inbox reads with ${INBOX_BENCH_ENQUIRIES.toLocaleString('en')} enquiries seeded (in ${seededS.toFixed(1)} s), counted as Firestore bills them:`,
        row('opening the inbox (list and response figures)', opening),
        row('+ opening the summary (the 12-week chart)', summary - opening),
        row('+ listing those waiting over 1 h', waiting - summary),
        row('+ opening the newest enquiry (with its buyer’s others)', buyer - waiting),
        `  ${opening <= INBOX_OPENING_READS_LIMIT ? '✓' : '✖'} opening reads at most ${INBOX_OPENING_READS_LIMIT}`,
      ],
    };
  } finally {
    await browser.close();
    await deleteApp(admin);
  }
}
