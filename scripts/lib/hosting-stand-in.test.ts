/**
 * The local Hosting API stand-in holds what it is given to its own folders and to whoever has the
 * token: a version's file path that climbs out of the version is refused before anything is
 * written, and the test routes (`/state`, `/faults`) answer only with the token.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingFile } from '../../functions/src/site/hosting-api';
import { fileInside, startHostingStandIn, type HostingStandIn } from './hosting-stand-in';

const TOKEN = 'stand-in-test-token';
const SITE = 'demo-sme-hair';

let standIn: HostingStandIn;
let root: string;

const call = (path: string, init: RequestInit = {}, token: string | null = TOKEN) =>
  fetch(`${standIn.origin}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
  });

beforeAll(async () => {
  // The store sits two levels down, so a path that climbs out lands in a folder this test owns.
  root = join(mkdtempSync(join(tmpdir(), 'stand-in-')), 'cache', 'hosting');
  mkdirSync(root, { recursive: true });
  standIn = await startHostingStandIn({ port: 0, channelPort: 0, root, site: SITE, token: TOKEN });
});

afterAll(async () => {
  await standIn?.close();
});

describe('a file path stays inside its version', () => {
  it.each(['/../../../../x', '/../x', '/a/../../x', '/a/b/../../../x', '/'])(
    'refuses %s with 400 and writes nothing outside the version',
    async (path) => {
      const { name } = (await (
        await call(`/v1beta1/sites/${SITE}/versions`, { method: 'POST', body: '{"config":{}}' })
      ).json()) as { name: string };
      const { gzipped, hash } = hostingFile(Buffer.from('escaped'));
      const populate = await call(`/v1beta1/${name}:populateFiles`, {
        method: 'POST',
        body: JSON.stringify({ files: { [path]: hash } }),
      });
      expect(populate.status).toBe(400);
      expect(((await populate.json()) as { error: { status: string } }).error.status).toBe(
        'INVALID_ARGUMENT',
      );
      // Whatever the answer, the rest of a publish goes ahead: nothing may land outside.
      const id = name.split('/').at(-1) ?? '';
      await fetch(`${standIn.origin}/upload/${name}/files/${hash}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(gzipped),
      });
      await call(`/v1beta1/${name}?update_mask=status`, {
        method: 'PATCH',
        body: '{"status":"FINALIZED"}',
      });
      for (const outside of [join(root, '..', 'x'), join(root, '..', '..', 'x'), join(root, 'x')])
        expect(existsSync(outside), outside).toBe(false);
      expect(existsSync(join(root, 'versions', id, 'x'))).toBe(false);
    },
  );

  it('keeps an ordinary nested path, and one that climbs back inside', () => {
    expect(fileInside('/v/public', '/products/description/x.html')).toBe(
      '/v/public/products/description/x.html',
    );
    expect(fileInside('/v/public', '/a/../b.html')).toBe('/v/public/b.html');
    expect(fileInside('/v/public', '/..hidden')).toBe('/v/public/..hidden');
    expect(fileInside('/v/public', 'relative.html')).toBeNull();
    expect(fileInside('/v/public', '/a\\..\\..\\x')).toBeNull();
  });
});

describe('every route needs the token', () => {
  it.each([
    ['GET', '/state'],
    ['POST', '/faults'],
    ['DELETE', '/faults'],
    ['POST', `/v1beta1/sites/${SITE}/versions`],
    ['GET', `/v1beta1/sites/${SITE}/channels/live`],
  ])('%s %s without it is 401', async (method, path) => {
    for (const token of [null, 'wrong-token']) {
      const response = await call(
        path,
        { method, body: method === 'POST' ? '{"hangUploadsAfter":0}' : undefined },
        token,
      );
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
    }
  });

  it('answers /state and sets a fault with it, and a fault set without it never took', async () => {
    const state = await call('/state');
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ uploads: expect.any(Number), hanging: 0 });
    const fault = await call('/faults', { method: 'POST', body: '{"hangUploadsAfter":2}' });
    expect(await fault.json()).toMatchObject({ hangUploadsAfter: expect.any(Number) });
    expect((await call('/faults', { method: 'DELETE' })).status).toBe(200);
  });
});
