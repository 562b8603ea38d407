/**
 * What the site's functions (sitePublish, sitePhoto) run with, made from the settings config.ts
 * reads from the params: the photo store, the Hosting API with its access token, and the bundle
 * the build packages beside the compiled functions (scripts/package-site.ts), opened once.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Firestore } from 'firebase-admin/firestore';
import { cloudStorageStore, folderStore } from './file-store';
import { hostingApi } from './hosting-api';
import type { PublishDeps, SiteBundle } from './publish';

/** Where the site's publish goes and where the owner's photos are kept (config.ts's `siteSettingsFrom`). */
export type SiteSettings = {
  hostingApiOrigin: string;
  /** The stand-in's token; null means the service account's (production). */
  hostingApiToken: string | null;
  hostingSite: string;
  /** A local folder for the photos (relative to functions/); null means Cloud Storage (production). */
  photoFolder: string | null;
  siteUrl: string;
};

/** An OAuth access token as firebase-admin's credential gives it. */
type AccessToken = { access_token: string; expires_in: number };

/** What only the running functions have: the database, the default bucket, the service account. */
export type SiteRuntime = {
  db: Firestore;
  /** The project's default Cloud Storage bucket, asked for only when no photo folder is set. */
  bucket: () => Parameters<typeof cloudStorageStore>[0];
  /** The app's credential (the functions' service account in production), asked for only without a stand-in token. */
  credential: () => { getAccessToken(): Promise<AccessToken> } | undefined;
  /** The folder of the compiled functions: the site bundle sits beside it, photo folders are relative to its parent. */
  functionsDir: string;
  clock?: () => Date;
};

/** Seconds before its expiry that a token is fetched anew, so a call never carries one about to lapse. */
const TOKEN_MARGIN_SECONDS = 60;

/** An access token kept until shortly before it expires, fetched again after. */
export function cachedAccessToken(
  fetchToken: () => Promise<AccessToken>,
  now: () => number = Date.now,
): () => Promise<string> {
  let kept: { value: string; until: number } | undefined;
  return async () => {
    if (kept && kept.until > now()) return kept.value;
    const token = await fetchToken();
    kept = { value: token.access_token, until: now() + (token.expires_in - TOKEN_MARGIN_SECONDS) * 1000 };
    return kept.value;
  };
}

/** The site bundle in `dir`, opened on the first call and shared by every call after. */
function bundleOpener(dir: string): () => Promise<SiteBundle> {
  let bundle: Promise<SiteBundle> | undefined;
  return () => {
    bundle ??= (
      import(pathToFileURL(join(dir, 'renderer.mjs')).href) as Promise<{
        openSiteBundle: (dir: string) => Promise<SiteBundle>;
      }>
    ).then((module) => module.openSiteBundle(dir));
    return bundle;
  };
}

export function publishDepsFrom(settings: SiteSettings, runtime: SiteRuntime): PublishDeps {
  const serviceToken = cachedAccessToken(async () => {
    const credential = runtime.credential();
    if (!credential) throw new Error('The functions have no credential to call the Hosting API with.');
    return credential.getAccessToken();
  });
  const standInToken = settings.hostingApiToken;
  return {
    db: runtime.db,
    store: settings.photoFolder
      ? folderStore(resolve(runtime.functionsDir, '..', settings.photoFolder))
      : cloudStorageStore(runtime.bucket()),
    hosting: hostingApi({
      origin: settings.hostingApiOrigin,
      site: settings.hostingSite,
      accessToken: standInToken ? async () => standInToken : serviceToken,
    }),
    bundle: bundleOpener(join(runtime.functionsDir, 'site-bundle')),
    clock: runtime.clock ?? (() => new Date()),
    liveUrl: settings.siteUrl,
  };
}
