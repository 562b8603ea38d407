/**
 * The photo function's gates with real parts: the day's upload quota counted in the Firestore
 * emulator, and App Check on the HTTPS function's own request handling (site/photos.ts), as
 * sitePublish's callable has it. A photo refused from its header costs no upload of the day.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAppCheck } from 'firebase-admin/app-check';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_CHECK_HEADER,
  PHOTO_REFUSALS,
  PHOTO_UPLOADS_PER_DAY,
  type SitePhotoAnswer,
} from '../../functions/src/contract/site/site-publish';
import { folderStore } from '../../functions/src/site/file-store';
import {
  acceptPhoto,
  answerPhotoRequest,
  countUpload,
  type PhotoDeps,
  type PhotoRequestDeps,
} from '../../functions/src/site/photos';
import { phonePhoto } from '../support/phone-photo';
import { BOMB_SIDE, pngBomb } from '../support/photo-bombs';
import { clearFirestore } from '../support/emulator';
import { startAdmin, stopAdmin } from '../support/firestore-admin';
import { CALLERS } from '../support/site-publish';

/** 23:30 in Coimbatore: the day's quota comes back in 30 minutes. */
const LATE_EVENING = new Date('2026-11-28T18:00:00Z');
const NEXT_MORNING = new Date('2026-11-29T03:30:00Z');
/** Processing a photo on a loaded two-core machine. */
const PHOTO_TIMEOUT_MS = 120_000;

let db: Firestore;
let app: Parameters<typeof stopAdmin>[0];
let photoDir: string;

beforeAll(async () => {
  ({ app, db } = startAdmin('site-photo'));
  await clearFirestore();
  photoDir = mkdtempSync(join(tmpdir(), 'site-photos-'));
});

afterAll(async () => {
  if (app) await stopAdmin(app);
});

const depsAt = (now: Date): PhotoDeps => ({ db, store: folderStore(photoDir), clock: () => now });

async function refusalOf(work: Promise<unknown>): Promise<{ message: string; status: number }> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error)) throw new Error('expected a refusal');
  return error as Error & { status: number };
}

describe("an owner's uploads in a day", { timeout: PHOTO_TIMEOUT_MS }, () => {
  it(`takes ${PHOTO_UPLOADS_PER_DAY}, then refuses the next, saying when the owner can upload again`, async () => {
    const evening = depsAt(LATE_EVENING);
    for (let n = 1; n < PHOTO_UPLOADS_PER_DAY; n += 1) await countUpload(evening, 'owner-uid');
    const last = await acceptPhoto(evening, CALLERS.owner, { bytes: await phonePhoto(), name: 'weft.jpg' });
    expect(last.id).toMatch(/^[0-9a-f]{16}$/);

    const refused = await refusalOf(
      acceptPhoto(evening, CALLERS.owner, { bytes: await phonePhoto(1000, 1250), name: 'bulk.jpg' }),
    );
    expect(refused).toMatchObject({ message: PHOTO_REFUSALS.dailyQuota(30), status: 429 });
    expect(refused.message).toBe(
      'You have uploaded 30 photos today, the most one account may in a day. You can upload again after midnight India time, in 30 minutes.',
    );

    // A file refused from its header is refused for what it is, and costs nothing of the day.
    expect(
      await refusalOf(acceptPhoto(evening, CALLERS.owner, { bytes: await pngBomb(), name: 'bomb.png' })),
    ).toMatchObject({ message: PHOTO_REFUSALS.tooManyPixels(BOMB_SIDE, BOMB_SIDE), status: 413 });

    // Another owner account has its own day; the next morning, this one's begins again.
    await countUpload(evening, 'second-owner-uid');
    const morning = await acceptPhoto(depsAt(NEXT_MORNING), CALLERS.owner, {
      bytes: await phonePhoto(1000, 1250),
      name: 'bulk.jpg',
    });
    expect(morning.id).toMatch(/^[0-9a-f]{16}$/);
  });
});

type Answer = { status: number; body: SitePhotoAnswer | Buffer | string | null };

/** The function's request handling, with a response that records what it answered. */
async function request(
  deps: PhotoRequestDeps,
  headers: Record<string, string>,
  method = 'POST',
): Promise<Answer> {
  const answer: Answer = { status: 0, body: null };
  const response = {
    status(code: number) {
      answer.status = code;
      return response;
    },
    set() {
      return response;
    },
    json(body: unknown) {
      answer.body = body as SitePhotoAnswer;
    },
    send(body: Buffer | string) {
      answer.body = body;
    },
  };
  await answerPhotoRequest(
    deps,
    { method, headers, query: { id: '0123456789abcdef', width: '240' }, rawBody: await phonePhoto() },
    response,
  );
  return answer;
}

describe('App Check on the photo function, as on sitePublish', { timeout: PHOTO_TIMEOUT_MS }, () => {
  const gated = (verifyAppCheck: PhotoRequestDeps['verifyAppCheck']): PhotoRequestDeps => ({
    ...depsAt(NEXT_MORNING),
    callerOf: async () => CALLERS.owner,
    requiresAppCheck: () => true,
    verifyAppCheck,
    siteOrigin: 'https://www.example.com',
  });
  const withAdmin = () => gated((token) => getAppCheck(app).verifyToken(token));
  const refusedForAppCheck = { status: 401, body: { error: PHOTO_REFUSALS.noAppCheck } };

  it('refuses an upload and a thumbnail without an App Check token', async () => {
    expect(await request(withAdmin(), { authorization: 'Bearer owner' })).toEqual(refusedForAppCheck);
    expect(await request(withAdmin(), { authorization: 'Bearer owner' }, 'GET')).toEqual(refusedForAppCheck);
  });

  it("answers the browser's preflight from the site's own origin before any check", async () => {
    expect(await request(withAdmin(), { origin: 'https://www.example.com' }, 'OPTIONS')).toEqual({
      status: 204,
      body: '',
    });
  });

  it('refuses a token firebase-admin does not accept', async () => {
    expect(
      await request(withAdmin(), { authorization: 'Bearer owner', [APP_CHECK_HEADER]: 'made.up.token' }),
    ).toEqual(refusedForAppCheck);
  });

  it('lets a verified token through to the owner check and the photo', async () => {
    const verified = gated(async (token) => {
      if (token !== 'verified-token') throw new Error('not this project’s token');
      return { appId: 'web-app' };
    });
    const answer = await request(verified, {
      authorization: 'Bearer owner',
      [APP_CHECK_HEADER]: 'verified-token',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ photo: { width: 1200, height: 1500 } });
  });

  it('asks for no token when the site is deployed without App Check', async () => {
    const answer = await request({ ...withAdmin(), requiresAppCheck: () => false }, {}, 'GET');
    expect(answer).toEqual({ status: 404, body: { error: PHOTO_REFUSALS.notFound } });
  });
});
