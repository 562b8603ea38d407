/**
 * The publish's dependencies as a test (or a child process a test kills) wires them: the Firestore
 * emulator through the Admin SDK, a folder for the photos, the local Hosting stand-in, and the site
 * bundle the build packaged with the functions (functions/lib/site-bundle).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Firestore } from 'firebase-admin/firestore';
import { folderStore } from '../../functions/src/site/file-store';
import { hostingApi } from '../../functions/src/site/hosting-api';
import type { PublishDeps, SiteBundle } from '../../functions/src/site/publish';
import type { InboxCaller } from '../../functions/src/inbox/caller';
import { ROOT } from '../../scripts/lib/project';

export const SITE_BUNDLE = join(ROOT, 'functions', 'lib', 'site-bundle');
export const STAND_IN_TOKEN = 'test-hosting-token';
export const STAND_IN_SITE = 'demo-sme-hair';

let bundle: Promise<SiteBundle> | undefined;
/** The bundle as a deployed function opens it. */
export function packagedBundle(): Promise<SiteBundle> {
  bundle ??= (
    import(pathToFileURL(join(SITE_BUNDLE, 'renderer.mjs')).href) as Promise<{
      openSiteBundle: (dir: string) => Promise<SiteBundle>;
    }>
  ).then((module) => module.openSiteBundle(SITE_BUNDLE));
  return bundle;
}

export function publishDeps(
  db: Firestore,
  {
    apiOrigin,
    photoDir,
    liveUrl,
    leaseMs,
  }: { apiOrigin: string; photoDir: string; liveUrl: string; leaseMs?: number },
): PublishDeps {
  return {
    db,
    store: folderStore(photoDir),
    hosting: hostingApi({ origin: apiOrigin, site: STAND_IN_SITE, accessToken: async () => STAND_IN_TOKEN }),
    bundle: packagedBundle,
    clock: () => new Date(),
    liveUrl,
    leaseMs,
  };
}

const SIGNED_IN_AT = Math.floor(Date.now() / 1000) - 60;

/** Callers as the functions see them after checking the token. */
export const CALLERS: Record<'owner' | 'sales' | 'visitor', InboxCaller> = {
  owner: {
    uid: 'owner-uid',
    email: 'owner@example.com',
    claims: { sales: true, owner: true },
    authTime: SIGNED_IN_AT,
  },
  sales: { uid: 'sales-uid', email: 'sales@example.com', claims: { sales: true }, authTime: SIGNED_IN_AT },
  visitor: null,
};
