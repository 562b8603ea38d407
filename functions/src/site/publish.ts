/**
 * Preview, Publish and Undo last publish, as plain functions of their dependencies (the database,
 * the photo store, the Hosting API, the site bundle, a clock), so the `sitePublish` callable runs
 * them in Google's cloud and the tests run them against the emulator and the local Hosting stand-in.
 *
 * A publish: the owner's drafts are read and checked (the contract's checks; values still holding
 * sample text refuse a publish unless the owner says to publish them as they are), the whole site
 * is rendered with the build's renderer and checked against the same budgets as a build (each
 * public page within TCP's first window, every picture described), then released through the
 * Hosting REST API: a version with the hosting config and every file, of which only those Hosting
 * lacks are uploaded, finalized, then released on the preview channel or on live. The release is
 * the last step: a publish that dies before it leaves the live site as it was, and its lock's lease
 * runs out so the next one goes ahead. Each is recorded (`site-publishes`): who, when, what changed.
 */
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  SITE_DRAFTS_COLLECTION,
  SITE_LIVE_COLLECTION,
  SITE_PUBLISHES_COLLECTION,
} from '../contract/enquiry/collections';
import { changeSummary, describeChanges } from '../contract/site/site-content-changes';
import { checkContent, unconfirmedValues, type ContentSections } from '../contract/site/site-content-checks';
import {
  assembleContent,
  SECTION_IDS,
  type SectionId,
  type SiteContent,
} from '../contract/site/site-content';
import type {
  PublishAction,
  PublishRecord,
  SitePublishRequest,
  SitePublishResult,
} from '../contract/site/site-publish';
import { InboxError, type InboxCaller } from '../inbox/caller';
import { pageBudgetProblems, type BudgetPage } from './budget';
import type { FileStore } from './file-store';
import { hostingFile, servingConfigOf, type HostingApi, type HostingJson } from './hosting-api';
import { ownerName, requireSiteOwner, type Owner } from './owner';
import { photoFiles } from './site-files';

/** What the build packages for a publish (renderer/site-bundle.ts). */
export type SiteBundle = {
  renderSite(content: SiteContent): Promise<{
    files: Map<string, string>;
    firebaseJson: { hosting: HostingJson };
    pages: { path: string; file: string }[];
  }>;
  renderPage(path: string, content: SiteContent): Promise<{ html: string }>;
  /** The committed seed's values: what a build renders before the owner's first publish. */
  seedSections(): Record<string, unknown>;
  /** The built site's files (scripts, stylesheet, fonts, pictures), by path. */
  builtFiles(): Promise<Map<string, Buffer>>;
};

export type PublishDeps = {
  db: Firestore;
  store: FileStore;
  hosting: HostingApi;
  bundle: () => Promise<SiteBundle>;
  clock: () => Date;
  /** The live site's address, for the owner's "it is live" link. */
  liveUrl: string;
  /** How long a publish holds the lock without renewing it before another may take over. */
  leaseMs?: number;
  /** Called at each step (tests stop a publish halfway here). */
  onStep?: (step: string) => void | Promise<void>;
};

/** The preview channel: one private address the owner opens and shares, kept a week after its last preview. */
export const PREVIEW_CHANNEL = 'owner-preview';
const PREVIEW_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * A preview is the owner's draft, never a page for search engines: its version carries its own
 * X-Robots-Tag on every path and a robots.txt that disallows all, so the noindex holds on
 * Hosting's preview channel itself (a channel of the same site, serving only what its version carries).
 */
export const PREVIEW_ROBOTS_HEADER = { key: 'X-Robots-Tag', value: 'noindex' };
export const PREVIEW_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** The rendered site as a preview serves it: every path noindex, robots.txt disallowing all. */
function asPreview<T extends { files: Map<string, string>; firebaseJson: { hosting: HostingJson } }>(
  rendered: T,
): T {
  const files = new Map(rendered.files);
  files.set('/robots.txt', PREVIEW_ROBOTS_TXT);
  const { hosting } = rendered.firebaseJson;
  // First, so a later rule with a stricter value (the inbox's "noindex, nofollow") still wins there.
  const headers = [{ source: '**', headers: [PREVIEW_ROBOTS_HEADER] }, ...(hosting.headers ?? [])];
  return { ...rendered, files, firebaseJson: { ...rendered.firebaseJson, hosting: { ...hosting, headers } } };
}

/** A publish renews its lock this often; one that stops renewing for LEASE_MS has died. */
export const LEASE_MS = 20_000;
const HEARTBEAT_MS = 4_000;
/** Files uploaded at once: Hosting takes many, a function's network is the limit. */
const UPLOADS_AT_ONCE = 8;

const LOCK = 'lock';
const CURRENT = 'current';

/** What the live site shows: its version, the publish that made it, and that publish's content. */
type LiveState = {
  versionName: string;
  publishId: string | null;
  sections: Record<string, unknown> | null;
};

/** Read the drafts as the Site part saved them (the seed's sections until the owner changes one). */
async function readDrafts(db: Firestore): Promise<ContentSections> {
  const snapshot = await db.collection(SITE_DRAFTS_COLLECTION).get();
  const sections: ContentSections = {};
  for (const doc of snapshot.docs)
    if ((SECTION_IDS as readonly string[]).includes(doc.id))
      sections[doc.id as SectionId] = { value: doc.get('value'), unconfirmed: doc.get('unconfirmed') };
  return sections;
}

const valuesOf = (sections: ContentSections) =>
  Object.fromEntries(SECTION_IDS.map((id) => [id, sections[id]?.value])) as Record<SectionId, unknown>;

class Busy extends Error {}

/** Takes the one lock a publish holds, or says who holds it; a lock whose lease ran out is taken over. */
async function takeLock(
  deps: PublishDeps,
  holder: string,
  owner: Owner,
  action: PublishAction,
): Promise<void> {
  const ref = deps.db.collection(SITE_LIVE_COLLECTION).doc(LOCK);
  await deps.db.runTransaction(async (transaction) => {
    const lock = await transaction.get(ref);
    const leaseUntil = lock.get('leaseUntil') as number | undefined;
    if (lock.exists && leaseUntil !== undefined && leaseUntil > deps.clock().getTime())
      throw new Busy(
        `${String(lock.get('byEmail'))} started a ${String(lock.get('action'))} ${Math.max(1, Math.round((deps.clock().getTime() - Number(lock.get('since'))) / 1000))} s ago; wait until it is done, then try again.`,
      );
    transaction.set(ref, {
      holder,
      byEmail: ownerName(owner),
      action,
      since: deps.clock().getTime(),
      leaseUntil: deps.clock().getTime() + (deps.leaseMs ?? LEASE_MS),
    });
  });
}

/** Keeps the lock while the work runs; stops when told. */
function keepLock(deps: PublishDeps, holder: string): () => Promise<void> {
  const ref = deps.db.collection(SITE_LIVE_COLLECTION).doc(LOCK);
  const renew = () =>
    deps.db
      .runTransaction(async (transaction) => {
        const lock = await transaction.get(ref);
        if (lock.get('holder') === holder)
          transaction.update(ref, { leaseUntil: deps.clock().getTime() + (deps.leaseMs ?? LEASE_MS) });
      })
      .catch(() => undefined);
  const timer = setInterval(() => void renew(), HEARTBEAT_MS);
  return async () => {
    clearInterval(timer);
    await deps.db
      .runTransaction(async (transaction) => {
        const lock = await transaction.get(ref);
        if (lock.get('holder') === holder) transaction.delete(ref);
      })
      .catch(() => undefined);
  };
}

/** Uploads the files Hosting asks for, a few at a time. */
async function uploadRequired(
  deps: PublishDeps,
  uploadUrl: string,
  required: string[],
  gzippedByHash: Map<string, Buffer>,
  step: (text: string) => Promise<void>,
): Promise<void> {
  const queue = [...required];
  let sent = 0;
  const worker = async () => {
    for (let hash = queue.shift(); hash; hash = queue.shift()) {
      const gzipped = gzippedByHash.get(hash);
      if (!gzipped) throw new Error(`Hosting asked for a file this publish does not have (${hash}).`);
      await deps.hosting.upload(uploadUrl, hash, gzipped);
      sent += 1;
      if (sent % 10 === 0 || sent === required.length)
        await step(`Uploading ${required.length} new files (${sent} sent)`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
}

type Release = {
  url: string;
  versionName: string;
  warnings: string[];
  changes: string[];
  sections: Record<SectionId, unknown>;
};

async function renderAndRelease(
  deps: PublishDeps,
  action: 'preview' | 'publish',
  request: SitePublishRequest,
  live: LiveState | null,
  step: (text: string) => Promise<void>,
): Promise<Release | Extract<SitePublishResult, { outcome: 'refused' }>> {
  await step('Reading the saved content');
  const sections = await readDrafts(deps.db);
  const problems = checkContent(sections).map((problem) => problem.message);
  const unconfirmed = unconfirmedValues(sections);
  const holdUnconfirmed = action === 'publish' && unconfirmed.length > 0 && !request.publishUnconfirmed;
  if (problems.length || holdUnconfirmed)
    return { outcome: 'refused', problems, unconfirmed: holdUnconfirmed ? unconfirmed : [], budget: [] };
  const values = valuesOf(sections);
  const content = assembleContent(values);
  const bundle = await deps.bundle();
  // Told against what the live site shows: the last publish's content, or the seed a build renders before one.
  const changes = describeChanges(live?.sections ?? bundle.seedSections(), values);

  await step('Rendering every page');
  const site = await bundle.renderSite(content);
  const rendered = action === 'preview' ? asPreview(site) : site;
  const pages: BudgetPage[] = rendered.pages.map(({ path, file }) => ({
    path,
    html: rendered.files.get(file) ?? '',
  }));
  await step('Checking every page loads in one round trip');
  const budget = await pageBudgetProblems(pages, rendered.firebaseJson.hosting, content, (path, changed) =>
    bundle.renderPage(path, changed).then((page) => page.html),
  );
  if (budget.length && action === 'publish')
    return { outcome: 'refused', problems: [], unconfirmed: [], budget };

  await step('Preparing the files');
  const files = new Map<string, Buffer>(await bundle.builtFiles());
  for (const [path, text] of rendered.files) files.set(path, Buffer.from(text));
  for (const [path, data] of await photoFiles(deps.store, content)) files.set(path, data);
  const hashes: Record<string, string> = {};
  const gzippedByHash = new Map<string, Buffer>();
  for (const [path, data] of files) {
    const { gzipped, hash } = hostingFile(data);
    hashes[path] = hash;
    gzippedByHash.set(hash, gzipped);
  }

  await step('Creating a new version of the site');
  const versionName = await deps.hosting.createVersion(servingConfigOf(rendered.firebaseJson.hosting));
  const { uploadRequiredHashes, uploadUrl } = await deps.hosting.populateFiles(versionName, hashes);
  await step(`Uploading ${uploadRequiredHashes.length} new files`);
  await uploadRequired(deps, uploadUrl, uploadRequiredHashes, gzippedByHash, step);
  await deps.hosting.finalize(versionName);
  const message = changeSummary(changes).join('; ');
  if (action === 'preview') {
    await step('Opening the preview');
    const url = await deps.hosting.ensureChannel(PREVIEW_CHANNEL, PREVIEW_TTL_SECONDS);
    await deps.hosting.releaseOnChannel(PREVIEW_CHANNEL, versionName, `Preview: ${message}`);
    return { url, versionName, warnings: budget, changes, sections: values };
  }
  await step('Making it live');
  await deps.hosting.releaseLive(versionName, message);
  return { url: deps.liveUrl, versionName, warnings: [], changes, sections: values };
}

async function liveState(deps: PublishDeps): Promise<LiveState | null> {
  const current = await deps.db.collection(SITE_LIVE_COLLECTION).doc(CURRENT).get();
  const versionName = await deps.hosting.liveVersion();
  if (!versionName) return null;
  const sections = (current.get('sections') as Record<string, unknown> | null) ?? null;
  // A deploy of the code (npm run deploy) releases a version no publish made; it rendered the
  // content published last (scripts/lib/content-source.ts), but there is no publish of its own to undo.
  if (current.get('versionName') !== versionName) return { versionName, publishId: null, sections };
  return { versionName, publishId: (current.get('publishId') as string | null) ?? null, sections };
}

/** Preview, Publish or Undo last publish, for the owner; every refusal in words. */
export async function runSitePublish(
  deps: PublishDeps,
  caller: InboxCaller,
  data: unknown,
): Promise<SitePublishResult> {
  const owner = await requireSiteOwner(deps.db, caller);
  const request = (data ?? {}) as Partial<SitePublishRequest>;
  const action = request.action;
  if (action !== 'preview' && action !== 'publish' && action !== 'undo')
    throw new InboxError('invalid-argument', 'Say preview, publish or undo.');
  const started = deps.clock();
  const publishId = `${started
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomUUID().slice(0, 8)}`;
  try {
    await takeLock(deps, publishId, owner, action);
  } catch (error) {
    if (error instanceof Busy) return { outcome: 'busy', message: error.message };
    throw error;
  }
  const release = keepLock(deps, publishId);
  const recordRef = deps.db.collection(SITE_PUBLISHES_COLLECTION).doc(publishId);
  const record: PublishRecord<Date> = {
    action,
    state: 'running',
    step: 'Starting',
    byEmail: ownerName(owner),
    startedAt: started,
    finishedAt: null,
    changes: [],
    url: null,
    versionName: null,
    error: null,
  };
  await recordRef.set({ ...record, byUid: owner.uid });
  const step = async (text: string) => {
    await deps.onStep?.(text);
    await recordRef.update({ step: text });
  };
  const seconds = () => Math.round((deps.clock().getTime() - started.getTime()) / 100) / 10;
  try {
    const live = await liveState(deps);
    if (action === 'undo') {
      const previous = live?.publishId
        ? ((await deps.db.collection(SITE_PUBLISHES_COLLECTION).doc(live.publishId).get()).get(
            'previousLive',
          ) as LiveState | undefined)
        : undefined;
      if (!live || !previous?.versionName) {
        const message =
          'There is no publish to undo: the live site is the one the last deploy of the code made.';
        await recordRef.update({ state: 'refused', step: message, finishedAt: deps.clock() });
        return { outcome: 'nothing-to-undo', message };
      }
      await step('Making the previous version live again');
      const changes = [`Back to the site as it was before ${live.publishId ?? 'the last publish'}`];
      await deps.hosting.releaseLive(previous.versionName, `Undo: ${changes[0]}`);
      await deps.db.collection(SITE_LIVE_COLLECTION).doc(CURRENT).set(previous);
      await recordRef.update({
        state: 'done',
        step: 'Done',
        finishedAt: deps.clock(),
        changes,
        url: deps.liveUrl,
        versionName: previous.versionName,
      });
      return { outcome: 'done', action, url: deps.liveUrl, changes, seconds: seconds(), warnings: [] };
    }
    const outcome = await renderAndRelease(deps, action, request as SitePublishRequest, live, step);
    if ('outcome' in outcome) {
      await recordRef.update({
        state: 'refused',
        step: 'Refused: see what to change',
        finishedAt: deps.clock(),
        changes: [
          ...outcome.problems,
          ...outcome.budget,
          ...outcome.unconfirmed.map((value) => value.message),
        ].slice(0, 50),
      });
      return outcome;
    }
    if (action === 'publish') {
      const now: LiveState = { versionName: outcome.versionName, publishId, sections: outcome.sections };
      await recordRef.update({ sections: outcome.sections, previousLive: live });
      await deps.db.collection(SITE_LIVE_COLLECTION).doc(CURRENT).set(now);
    }
    await recordRef.update({
      state: 'done',
      step: 'Done',
      finishedAt: deps.clock(),
      changes: changeSummary(outcome.changes),
      url: outcome.url,
      versionName: outcome.versionName,
    });
    return {
      outcome: 'done',
      action,
      url: outcome.url,
      changes: changeSummary(outcome.changes),
      seconds: seconds(),
      warnings: outcome.warnings,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordRef
      .update({ state: 'failed', step: 'Stopped', finishedAt: deps.clock(), error: reason })
      .catch(() => undefined);
    throw new InboxError(
      'unavailable',
      `The ${action} stopped before it was done (${reason}). The live site is as it was; try again.`,
    );
  } finally {
    await release();
  }
}
