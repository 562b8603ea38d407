/**
 * Preview, Publish and Undo with real parts: the drafts in the Firestore emulator, the site
 * rendered by the bundle the build packaged with the functions, released through the local
 * Hosting API stand-in, whose live folder is what the Hosting emulator serves. The publish code is
 * the function's (site/publish.ts); a publish killed halfway runs in a process of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Firestore } from 'firebase-admin/firestore';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITE_DRAFTS_COLLECTION,
  SITE_LIVE_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { editorTextToRichText } from '../../functions/src/contract/site/rich-text';
import type { SitePublishResult } from '../../functions/src/contract/site/site-publish';
import {
  assembleContent,
  SECTION_IDS,
  type ProductContent,
} from '../../functions/src/contract/site/site-content';
import {
  PREVIEW_ROBOTS_HEADER,
  PREVIEW_ROBOTS_TXT,
  runSitePublish,
  type PublishDeps,
} from '../../functions/src/site/publish';
import { MAX_PAGE_ELEMENTS } from '../../functions/src/site/budget';
import { contentSeed } from '../../web/src/content/seed-content';
import { acceptPhoto } from '../../functions/src/site/photos';
import { phonePhoto } from '../support/phone-photo';
import { startHostingStandIn, type HostingStandIn } from '../../scripts/lib/hosting-stand-in';
import { seedSiteDrafts } from '../../scripts/lib/site-drafts';
import { ROOT, RUN_TS } from '../../scripts/lib/project';
import { clearFirestore } from '../support/emulator';
import { startAdmin, stopAdmin } from '../support/firestore-admin';
import { CALLERS, packagedBundle, publishDeps, STAND_IN_SITE, STAND_IN_TOKEN } from '../support/site-publish';

const API_PORT = 19300;
const CHANNEL_PORT = 19301;
const MACHINE_WEFT = '/products/description/machine-weft';
/** A publish renders 20 pages on a busy two-core machine. */
const PUBLISH_TIMEOUT_MS = 120_000;

let db: Firestore;
let app: Parameters<typeof stopAdmin>[0];
let standIn: HostingStandIn;
let deps: PublishDeps;
let photoDir: string;

/** The stand-in's test routes need its token, as every other route does. */
const STAND_IN_AUTH = { authorization: `Bearer ${STAND_IN_TOKEN}` };

const page = async (origin: string, path: string) => (await fetch(`${origin}${path}`)).text();

async function saveDraft(
  id: string,
  change: (value: ProductContent & Record<string, unknown>) => void,
  unconfirmed?: string[],
) {
  const ref = db.collection(SITE_DRAFTS_COLLECTION).doc(id);
  const stored = (await ref.get()).data() ?? {};
  const value = structuredClone(stored.value) as ProductContent & Record<string, unknown>;
  change(value);
  await ref.set({
    ...stored,
    value,
    unconfirmed: unconfirmed ?? stored.unconfirmed,
    version: Number(stored.version) + 1,
    updatedBy: 'owner-uid',
    updatedByEmail: 'owner@example.com',
  });
}

const done = (result: SitePublishResult) => {
  if (result.outcome !== 'done') throw new Error(`expected done, got ${JSON.stringify(result)}`);
  return result;
};

beforeAll(async () => {
  ({ app, db } = startAdmin('site-publish'));
  await clearFirestore();
  await seedSiteDrafts(db);
  photoDir = mkdtempSync(join(tmpdir(), 'site-photos-'));
  standIn = await startHostingStandIn({
    port: API_PORT,
    channelPort: CHANNEL_PORT,
    root: mkdtempSync(join(tmpdir(), 'hosting-')),
    site: STAND_IN_SITE,
    token: STAND_IN_TOKEN,
    build: {
      dir: join(ROOT, 'dist', 'site'),
      hosting: (JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { hosting: never }).hosting,
    },
  });
  deps = publishDeps(db, { apiOrigin: standIn.origin, photoDir, liveUrl: standIn.liveOrigin });
}, 60_000);

afterAll(async () => {
  await standIn?.close();
  if (app) await stopAdmin(app);
});

describe('only the owner previews, publishes, undoes and uploads photos', () => {
  it.each([
    ['a sales account without owner', CALLERS.sales, "Only the owner's account can change the site."],
    ['a visitor', CALLERS.visitor, 'Sign in again to change the site.'],
  ])('refuses %s', async (_, caller, message) => {
    for (const action of ['preview', 'publish', 'undo'])
      await expect(runSitePublish(deps, caller, { action })).rejects.toMatchObject({ message });
    await expect(
      acceptPhoto(deps, caller, { bytes: await phonePhoto(), name: 'weft.jpg' }),
    ).rejects.toMatchObject({ message });
  });
});

/** Every pattern a string replacement reads: `$$ $& $' $\` $1 $<name>`, and `$0`, `$` alone. */
const REPLACEMENT_PATTERNS = ['$$', '$&', "$'", '$`', '$1', '$<name>', '$0', '$'];
/** Owner text: replacement patterns, markup-like pieces and words, joined by spaces. */
const ownerText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...REPLACEMENT_PATTERNS),
      fc.constantFrom('<!--page-html-->', '</body>', '<b>bold</b>', '&amp;', '<script>x</script>', '"q"'),
      fc.stringMatching(/^[A-Za-z0-9$&'`<>"/=!.-]{1,8}$/),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((pieces) => pieces.join(' '));
/** Renders of a whole page on a busy two-core machine. */
const FUZZ_RUNS = 12;

describe('the renderer takes the owner text as text', { timeout: PUBLISH_TIMEOUT_MS }, () => {
  const slug = 'machine-weft';
  const contentWith = (name: string, descriptionText: string) => {
    const values = Object.fromEntries(
      SECTION_IDS.map((id) => [id, structuredClone(contentSeed[id].value) as unknown]),
    ) as Record<string, unknown>;
    const product = values[`product-${slug}`] as ProductContent;
    product.name = name;
    product.description = editorTextToRichText(descriptionText);
    return assembleContent(values as never);
  };
  const renderedText = async (name: string, descriptionText: string) => {
    const bundle = await packagedBundle();
    const { html } = await bundle.renderPage(MACHINE_WEFT, contentWith(name, descriptionText));
    const { document } = new JSDOM(html).window;
    const jsonLd = [
      JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '[]'),
    ]
      .flat()
      .find((item: { '@type'?: string }) => item['@type'] === 'Product') as {
      name: string;
      description: string;
    };
    return {
      html,
      heading: document.querySelector('#product-title')?.textContent,
      description: document.querySelector('.rich-text')?.textContent?.replace(/\s+/g, ' ').trim(),
      jsonLd,
    };
  };

  it.each(REPLACEMENT_PATTERNS)('shows %s in a name and a description exactly as typed', async (pattern) => {
    const name = `Weft at US${pattern}120`;
    const text = `Priced in US${pattern} ${pattern}& <b>${pattern}</b>`;
    const page = await renderedText(name, text);
    expect(page.heading).toBe(name);
    expect(page.description).toBe(text);
    expect(page.jsonLd).toMatchObject({ name, description: text });
  });

  it('shows any mix of patterns and markup-like text exactly, escaped, and never as markup', async () => {
    await fc.assert(
      fc.asyncProperty(ownerText, ownerText, async (name, text) => {
        const page = await renderedText(name, text);
        expect(page.heading).toBe(name);
        expect(page.description).toBe(text.replace(/\s+/g, ' ').trim());
        expect(page.jsonLd).toMatchObject({ name, description: text.replace(/\s+/g, ' ').trim() });
        // The only elements are the renderer's: none of the owner's pieces became one.
        expect(page.html).not.toMatch(/<b>bold<\/b>|<script>x<\/script>/);
        expect(page.html.match(/<!--page-html-->/g)).toBeNull();
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe('preview, publish, undo', { timeout: PUBLISH_TIMEOUT_MS * 3 }, () => {
  let buildVersion: string | null;
  let previewUrl = '';

  it('previews a change on its own address, and the live site still shows the old value', async () => {
    buildVersion = standIn.liveVersion();
    await saveDraft('product-machine-weft', (value) => {
      value.facts.unit = 'Bundle of 100 g, double drawn';
    });
    await saveDraft('trade-terms', (value) => {
      value.leadTime = '10 working days from the confirmed order';
    });
    const preview = done(await runSitePublish(deps, CALLERS.owner, { action: 'preview' }));
    previewUrl = preview.url;
    expect(preview.url).not.toBe(standIn.liveOrigin);
    expect(preview.changes).toEqual(
      expect.arrayContaining([
        'Machine Weft · Sold as: “100 g bundle” → “Bundle of 100 g, double drawn”',
        'Trade terms · Lead time: “7–15 working days from the confirmed order” → “10 working days from the confirmed order”',
      ]),
    );
    expect(await page(preview.url, MACHINE_WEFT)).toContain('Bundle of 100 g, double drawn');
    expect(await page(preview.url, MACHINE_WEFT)).toContain('10 working days from the confirmed order');
    expect(await page(standIn.liveOrigin, MACHINE_WEFT)).not.toContain('Bundle of 100 g, double drawn');
    expect(standIn.liveVersion()).toBe(buildVersion);
  });

  it('keeps the preview out of search engines: noindex on every path, robots.txt disallowing all', async () => {
    for (const path of ['/home', MACHINE_WEFT, '/robots.txt', '/assets/no-such-file.js', '/inbox']) {
      const response = await fetch(`${previewUrl}${path}`);
      expect(response.headers.get('x-robots-tag'), path).toMatch(/^noindex\b/);
    }
    expect(await page(previewUrl, '/robots.txt')).toBe(PREVIEW_ROBOTS_TXT);
    expect(PREVIEW_ROBOTS_HEADER.value).toBe('noindex');
    // The live site is still for search engines.
    const live = await fetch(`${standIn.liveOrigin}/home`);
    expect(live.headers.get('x-robots-tag')).toBeNull();
    expect(await page(standIn.liveOrigin, '/robots.txt')).toMatch(/^User-agent: \*\nAllow: \/\n/);
  });

  it('refuses to publish the sample values until the owner says to, naming each one', async () => {
    const refused = await runSitePublish(deps, CALLERS.owner, { action: 'publish' });
    expect(refused.outcome).toBe('refused');
    if (refused.outcome !== 'refused') return;
    expect(refused.unconfirmed.map((value) => value.message)).toContain(
      'Machine Weft · Length still shows the sample “12–30 inch”.',
    );
    expect(standIn.liveVersion()).toBe(buildVersion);
  });

  it('publishes with a photo, uploading only what changed, and the live folder shows it', async () => {
    const photo = await acceptPhoto(deps, CALLERS.owner, { bytes: await phonePhoto(), name: 'weft.jpg' });
    await saveDraft('product-machine-weft', (value) => {
      value.photo = { id: photo.id, alt: 'A machine weft bundle of black wavy hair on a white table' };
    });
    const uploadsBefore = standIn.uploads.length;
    const published = done(
      await runSitePublish(deps, CALLERS.owner, { action: 'publish', publishUnconfirmed: true }),
    );
    const uploaded = standIn.uploads.length - uploadsBefore;
    // Pages, the photo's six files and the sitemap's neighbours: never the scripts, fonts and pictures of the build.
    expect(uploaded).toBeGreaterThan(6);
    expect(uploaded).toBeLessThan(40);
    const live = readFileSync(join(standIn.liveDir, `${MACHINE_WEFT}.html`), 'utf8');
    expect(live).toContain('Bundle of 100 g, double drawn');
    expect(live).toContain(`/assets/photos/${photo.id}-800.webp`);
    // Its scripts come as the build's do, through the boot script after the first paint.
    expect(live).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
    expect(await page(standIn.liveOrigin, `/assets/photos/${photo.id}-800.webp`)).not.toBe('');
    expect(published.changes).toContain('Machine Weft · new photo');
    const current = (await db.collection(SITE_LIVE_COLLECTION).doc('current').get()).data();
    expect(current?.versionName).toBe(standIn.liveVersion());
  });

  it('undoes the last publish: the version before it is live again', async () => {
    done(await runSitePublish(deps, CALLERS.owner, { action: 'undo' }));
    expect(standIn.liveVersion()).toBe(buildVersion);
    expect(readFileSync(join(standIn.liveDir, `${MACHINE_WEFT}.html`), 'utf8')).not.toContain(
      'Bundle of 100 g, double drawn',
    );
    const nothing = await runSitePublish(deps, CALLERS.owner, { action: 'undo' });
    expect(nothing.outcome).toBe('nothing-to-undo');
  });

  it('renders a description holding a script or an onerror inert, whether typed or stored straight', async () => {
    await saveDraft('product-hand-tied-weft', (value) => {
      value.description = `${editorTextToRichText('Typed: <script>alert(1)</script>')}\n<p>Stored: <img src=x onerror=alert(2)><script>alert(3)</script>Soft.</p>`;
    });
    const preview = done(await runSitePublish(deps, CALLERS.owner, { action: 'preview' }));
    const html = await page(preview.url, '/products/description/hand-tied-weft');
    expect(html).toContain('Typed: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Stored: Soft.');
    expect(html).not.toMatch(/<script>alert|onerror=|<img src=x/);
  });

  it('refuses a text that breaks the page budget, naming the text and how much to shorten it', async () => {
    // Words a compressor cannot shorten much: a product page then outgrows TCP's first window.
    let seed = 7;
    const word = () => {
      seed = (seed * 48271) % 2147483647;
      return seed.toString(36).slice(0, 7);
    };
    const words = (count: number) => Array.from({ length: count }, word).join(' ');
    await saveDraft('product-i-tip-extensions', (value) => {
      value.description = `<p>${words(300)}</p>`.slice(0, 2_400) + '</p>';
      value.faqs = Array.from({ length: 8 }, (_, index) => ({
        question: `Question ${index + 1} about ${words(3)}?`,
        answer: words(70).slice(0, 590),
      }));
    });
    const refused = await runSitePublish(deps, CALLERS.owner, {
      action: 'publish',
      publishUnconfirmed: true,
    });
    expect(refused.outcome).toBe('refused');
    if (refused.outcome !== 'refused') return;
    expect(refused.budget).toHaveLength(1);
    expect(refused.budget[0]).toMatch(
      /^The I-Tip Extensions page's text “I-Tip Extensions · (Description|Answer \d)” is \d+ characters too long to load in one round trip: shorten it by \d+ characters, or other texts on that page by as much\.$/,
    );
    await saveDraft('product-i-tip-extensions', () => undefined);
    await db
      .collection(SITE_DRAFTS_COLLECTION)
      .doc('product-i-tip-extensions')
      .update({
        value: (await import('../../web/src/content/seed-content')).contentSeed['product-i-tip-extensions']
          .value,
      });
  });

  it('refuses a page of thousands of empty elements that compresses into its budget, naming the text', async () => {
    const before = (await db.collection(SITE_DRAFTS_COLLECTION).doc('product-hand-tied-weft').get()).get(
      'value',
    ) as ProductContent;
    await saveDraft('product-hand-tied-weft', (value) => {
      value.description = `<p>Soft, full from root to tip.</p><p>${'<strong></strong>'.repeat(3_000)}</p>`;
    });
    const refused = await runSitePublish(deps, CALLERS.owner, {
      action: 'publish',
      publishUnconfirmed: true,
    });
    await saveDraft('product-hand-tied-weft', (value) => {
      value.description = before.description;
    });
    expect(refused.outcome).toBe('refused');
    if (refused.outcome !== 'refused') return;
    expect(refused.budget).toHaveLength(1);
    expect(refused.budget[0]).toMatch(
      new RegExp(
        `^The Hand-Tied Weft page has 3,\\d{3} elements, more than the ${MAX_PAGE_ELEMENTS.toLocaleString('en-US')} a phone lays out quickly: its text “Hand-Tied Weft · Description” holds 3,002 of them \\(paragraphs, line breaks, bold, links\\); use fewer\\.$`,
      ),
    );
  });

  it('leaves the live site as it was when a publish dies mid-upload, and the next one completes', async () => {
    const liveBefore = standIn.liveVersion();
    await saveDraft('product-machine-weft', (value) => {
      value.facts.unit = 'One bundle of 100 g';
    });
    await fetch(`${standIn.origin}/faults`, {
      method: 'POST',
      headers: STAND_IN_AUTH,
      body: JSON.stringify({ hangUploadsAfter: 1 }),
    });
    const child = spawn(
      RUN_TS[0],
      [
        ...RUN_TS.slice(1),
        join(ROOT, 'tests', 'support', 'publish-child.ts'),
        standIn.origin,
        photoDir,
        standIn.liveOrigin,
        '4000',
      ],
      { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
    for (;;) {
      const state = (await (await fetch(`${standIn.origin}/state`, { headers: STAND_IN_AUTH })).json()) as {
        hanging: number;
      };
      if (state.hanging > 0) break;
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`The publish never reached its uploads:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await fetch(`${standIn.origin}/faults`, { method: 'DELETE', headers: STAND_IN_AUTH });
    expect(output).toContain('step: Uploading');
    expect(output).not.toContain('result:');
    expect(standIn.liveVersion()).toBe(liveBefore);
    expect(readFileSync(join(standIn.liveDir, `${MACHINE_WEFT}.html`), 'utf8')).not.toContain(
      'One bundle of 100 g',
    );

    // Its lock holds until its lease runs out; then the next publish goes ahead and completes.
    let next = await runSitePublish(deps, CALLERS.owner, { action: 'publish', publishUnconfirmed: true });
    const waitUntil = Date.now() + 30_000;
    while (next.outcome === 'busy' && Date.now() < waitUntil) {
      expect(next.message).toMatch(/owner@example\.com started a publish \d+ s ago/);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      next = await runSitePublish(deps, CALLERS.owner, { action: 'publish', publishUnconfirmed: true });
    }
    done(next);
    expect(standIn.liveVersion()).not.toBe(liveBefore);
    expect(readFileSync(join(standIn.liveDir, `${MACHINE_WEFT}.html`), 'utf8')).toContain(
      'One bundle of 100 g',
    );
  });
});
