import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedAccessToken, publishDepsFrom, type SiteSettings } from './deps';

describe("the service account's access token", () => {
  it('is kept until a minute before it expires, then fetched again', async () => {
    let now = 0;
    let fetched = 0;
    const token = cachedAccessToken(
      async () => ({ access_token: `token-${(fetched += 1)}`, expires_in: 3600 }),
      () => now,
    );
    expect(await token()).toBe('token-1');
    now = (3600 - 61) * 1000;
    expect(await token()).toBe('token-1');
    now = (3600 - 60) * 1000;
    expect(await token()).toBe('token-2');
    expect(fetched).toBe(2);
  });
});

describe("the site's dependencies from its settings", () => {
  const functionsDir = mkdtempSync(join(tmpdir(), 'site-deps-'));
  afterAll(() => rmSync(functionsDir, { recursive: true, force: true }));
  const settings: SiteSettings = {
    hostingApiOrigin: 'http://127.0.0.1:1',
    hostingApiToken: 'stand-in-token',
    hostingSite: 'demo-site',
    photoFolder: 'photos-here',
    siteUrl: 'https://www.example.com',
  };
  const runtime = {
    db: {} as Firestore,
    bucket: () => {
      throw new Error('no bucket where a photo folder is set');
    },
    credential: () => {
      throw new Error('no service account where the stand-in has a token');
    },
    functionsDir: join(functionsDir, 'lib'),
  };

  it('keeps the photos in the folder named relative to functions/, and links to the live site', async () => {
    const deps = publishDepsFrom(settings, runtime);
    await deps.store.put('photos/a/240.webp', Buffer.from('photo'), 'image/webp');
    expect(readFileSync(join(functionsDir, 'photos-here', 'photos', 'a', '240.webp'), 'utf8')).toBe('photo');
    expect(deps.liveUrl).toBe('https://www.example.com');
  });

  it('opens the bundle packaged beside the functions once, however often a publish asks', async () => {
    const deps = publishDepsFrom(settings, runtime);
    const first = deps.bundle();
    expect(deps.bundle()).toBe(first);
    await expect(first).rejects.toThrow(/site-bundle/);
  });
});
