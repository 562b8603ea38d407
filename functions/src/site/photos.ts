/**
 * The owner's photos: the `sitePhoto` function takes a file from the inbox (the phone's camera roll),
 * refuses what is not a photo the site can use with a reason the owner understands, and keeps the
 * photo upright, stripped of its metadata (a phone writes where it was taken), with its published
 * files at every width the product pictures use, in the file store. The Site part then names the
 * photo in a product's draft, with its description; a publish copies its files into the site.
 *
 * What a file is comes from its own bytes, never its name: a PDF renamed `.jpg` is a PDF.
 */
import { DAY_MS } from '../contract/base/time';
import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { SITE_PHOTO_UPLOADS_COLLECTION, SITE_PHOTOS_COLLECTION } from '../contract/enquiry/collections';
import { heightAt, maxBytesAt, maxBytesFor } from '../contract/site/image-specs';
import { INDIA_OFFSET_MS, indiaDayKey } from '../contract/base/india-time';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import {
  PHOTO_FORMATS,
  PHOTO_ID_PATTERN,
  PHOTO_WIDTHS,
  type PhotoFormat,
} from '../contract/site/site-content';
import {
  APP_CHECK_HEADER,
  PHOTO_FORMATS_ACCEPTED,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_SIDE,
  PHOTO_REFUSALS,
  PHOTO_UPLOADS_PER_DAY,
  type SitePhoto,
  type SitePhotoAnswer,
} from '../contract/site/site-publish';
import { InboxError, type InboxCaller } from '../inbox/caller';
import type { FileStore } from './file-store';
import { drawMaster, encodeImageWithin } from './images';
import { answerPhotoCors } from './photo-cors';
import { ownerName, requireSiteOwner } from './owner';

/** A refusal the owner reads, with the HTTP status the function answers it with. */
export class PhotoRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Product pictures are 4:5 (image-specs.ts); the photo is cropped to it from the centre, as the build crops. */
const SHAPE_KEY = 'machine-weft';
const LARGEST = Math.max(...PHOTO_WIDTHS);
/**
 * The upright copy kept as the original, no metadata: at most 2,400 px on its longer side (three
 * times the widest product picture, above the 1,920 of the widest picture on the site), within the
 * same bytes per pixel as a published file, at the first of these qualities that fits.
 */
export const ORIGINAL_MAX_SIDE = 2400;
const ORIGINAL_QUALITIES = [90, 80, 70, 60] as const;
/** Every sharp pipeline on an upload refuses more pixels than a photo may have, before decoding. */
const READ = { limitInputPixels: PHOTO_MAX_PIXELS } as const;
/** A day's upload count is kept past the day it counts, then the TTL policy removes it. */
const UPLOAD_COUNT_RETENTION_MS = 2 * DAY_MS;

const CONTENT_TYPES: Record<PhotoFormat | 'jpeg', string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export const photoOriginalPath = (id: string) => `photos/${id}/original.jpg`;
export const photoFilePathInStore = (id: string, width: number, format: PhotoFormat) =>
  `photos/${id}/${width}.${format}`;

/** What the bytes are, from their first bytes: a photo format, or why not. */
function sniff(bytes: Buffer): (typeof PHOTO_FORMATS_ACCEPTED)[number] {
  if (bytes.length === 0) throw new PhotoRefusal(PHOTO_REFUSALS.empty, 400);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw new PhotoRefusal(PHOTO_REFUSALS.pdf, 415);
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\ufeff/, '');
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(text))
    throw new PhotoRefusal(PHOTO_REFUSALS.svg, 415);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  throw new PhotoRefusal(PHOTO_REFUSALS.notPhoto, 415);
}

type StoredFile = { path: string; data: Buffer; contentType: string };
export type ProcessedPhoto = { id: string; width: number; height: number; files: StoredFile[] };
/** What a file's header says, read without decoding a pixel. */
export type PhotoHeader = { width: number; height: number };

/**
 * The checks that cost no decoding: size, what the bytes are, and the dimensions the header
 * declares. A small file that declares 16,000 × 16,000 is refused here, before it takes the memory.
 */
export async function inspectPhoto(bytes: Buffer): Promise<PhotoHeader> {
  if (bytes.length > PHOTO_MAX_BYTES) throw new PhotoRefusal(PHOTO_REFUSALS.tooLarge(bytes.length), 413);
  const format = sniff(bytes);
  let metadata;
  try {
    // metadata() reads the header alone (no pixel limit here, so its size can be named below).
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new PhotoRefusal(PHOTO_REFUSALS.notPhoto, 415);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height)
    throw new PhotoRefusal(PHOTO_REFUSALS.notPhoto, 415);
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is its stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (width * height > PHOTO_MAX_PIXELS)
    throw new PhotoRefusal(PHOTO_REFUSALS.tooManyPixels(width, height), 413);
  if (Math.min(width, height) < PHOTO_MIN_SIDE)
    throw new PhotoRefusal(PHOTO_REFUSALS.tooSmall(width, height), 422);
  return { width, height };
}

/** The upright original within its side and byte budget, at the highest quality that fits. */
async function encodeOriginal(bytes: Buffer): Promise<Buffer> {
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Turned upright and scaled once; written without any of the file's metadata (sharp keeps none unless asked).
    upright = await sharp(bytes, READ)
      .rotate()
      .resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefusal(PHOTO_REFUSALS.notPhoto, 415);
  }
  const { width, height, channels } = upright.info;
  const maxBytes = maxBytesFor(width, height);
  for (const quality of ORIGINAL_QUALITIES) {
    const data = await sharp(upright.data, { ...READ, raw: { width, height, channels } })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (data.length <= maxBytes) return data;
  }
  throw new PhotoRefusal(PHOTO_REFUSALS.tooDetailed, 422);
}

/** A file as the site keeps it, or a PhotoRefusal saying why it cannot. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const { width, height } = await inspectPhoto(bytes);
  const original = await encodeOriginal(bytes);
  const id = createHash('sha256').update(original).digest('hex').slice(0, 16);
  const master = await drawMaster(original, LARGEST, heightAt(SHAPE_KEY, LARGEST));
  const files: StoredFile[] = [
    { path: photoOriginalPath(id), data: original, contentType: CONTENT_TYPES.jpeg },
  ];
  for (const target of PHOTO_WIDTHS)
    for (const published of PHOTO_FORMATS) {
      const targetHeight = heightAt(SHAPE_KEY, target);
      const data = await encodeImageWithin(
        master,
        target,
        targetHeight,
        published,
        maxBytesAt(SHAPE_KEY, target),
      );
      if (!data) throw new PhotoRefusal(PHOTO_REFUSALS.tooDetailed, 422);
      files.push({
        path: photoFilePathInStore(id, target, published),
        data,
        contentType: CONTENT_TYPES[published],
      });
    }
  return { id, width, height, files };
}

export type PhotoDeps = { db: Firestore; store: FileStore; clock: () => Date };

/** Whole minutes until the next India-time midnight, at least one. */
function minutesToIndiaMidnight(now: Date): number {
  const intoDay = (now.getTime() + INDIA_OFFSET_MS) % DAY_MS;
  return Math.max(1, Math.ceil((DAY_MS - intoDay) / 60_000));
}

/**
 * Counts an upload against the owner's India-time day (PHOTO_UPLOADS_PER_DAY) in a transaction,
 * or refuses it, saying when the owner can upload again. Uploads are one at a time per instance,
 * so one document per account and day is never a hot spot.
 */
export async function countUpload(deps: PhotoDeps, uid: string): Promise<void> {
  const now = deps.clock();
  const day = deps.db.collection(SITE_PHOTO_UPLOADS_COLLECTION).doc(`${indiaDayKey(now)}-${uid}`);
  await deps.db.runTransaction(async (transaction) => {
    const used = Number((await transaction.get(day)).get('count') ?? 0);
    if (used >= PHOTO_UPLOADS_PER_DAY)
      throw new PhotoRefusal(PHOTO_REFUSALS.dailyQuota(minutesToIndiaMidnight(now)), 429);
    transaction.set(day, {
      count: used + 1,
      uid,
      [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + UPLOAD_COUNT_RETENTION_MS),
    });
  });
}

/** Takes an upload from the owner: checks the caller, the file's header and the day's quota; stores it and records it. */
export async function acceptPhoto(
  deps: PhotoDeps,
  caller: InboxCaller,
  upload: { bytes: Buffer; name: string },
): Promise<SitePhoto> {
  const owner = await requireSiteOwner(deps.db, caller);
  // A file refused from its header costs nothing; one that is decoded counts against the day.
  await inspectPhoto(upload.bytes);
  await countUpload(deps, owner.uid);
  const processed = await processPhoto(upload.bytes);
  for (const file of processed.files) await deps.store.put(file.path, file.data, file.contentType);
  const photo: SitePhoto = {
    id: processed.id,
    width: processed.width,
    height: processed.height,
    originalName: upload.name.slice(0, 120),
    uploadedByEmail: ownerName(owner),
  };
  await deps.db
    .collection(SITE_PHOTOS_COLLECTION)
    .doc(photo.id)
    .set({ ...photo, uploadedBy: owner.uid, uploadedAt: deps.clock() });
  return photo;
}

/** A stored photo's file for the editor's thumbnail (the owner's eyes only), or a refusal. */
export async function photoForOwner(
  deps: PhotoDeps,
  caller: InboxCaller,
  id: string,
  width: number,
): Promise<Buffer> {
  await requireSiteOwner(deps.db, caller);
  const known = PHOTO_ID_PATTERN.test(id) && PHOTO_WIDTHS.includes(width);
  const data = known ? await deps.store.get(photoFilePathInStore(id, width, 'webp')) : null;
  if (!data) throw new PhotoRefusal(PHOTO_REFUSALS.notFound, 404);
  return data;
}

type HttpRequest = {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  rawBody?: Buffer;
};
type HttpResponse = {
  status(code: number): HttpResponse;
  set(name: string, value: string): HttpResponse;
  json(body: unknown): void;
  send(body: Buffer | string): void;
};

export type PhotoRequestDeps = PhotoDeps & {
  callerOf: (authorization: string | undefined) => Promise<InboxCaller>;
  /** INBOX_CALLS_REQUIRE_APP_CHECK, as the callables read it: true unless the site is deployed without App Check. */
  requiresAppCheck: () => boolean;
  /** Resolves for a valid App Check token of this project, rejects otherwise (firebase-admin's verifyToken). */
  verifyAppCheck: (token: string) => Promise<unknown>;
  /** The site's own origin (SITE_URL's): the only one whose pages may call (photo-cors.ts). */
  siteOrigin: string;
};

/**
 * The `sitePhoto` HTTPS function: POST the file as the body (`X-Photo-Name` its name, URL-encoded)
 * with the owner's ID token as `Authorization: Bearer`; GET `?id=&width=` for a stored photo's
 * thumbnail. With App Check required, either needs the site's token as `X-Firebase-AppCheck`, as
 * the callables do. Answers `{ photo }` or `{ error }` in the owner's words, and the browser's
 * preflight for the site's own origin.
 */
export async function answerPhotoRequest(
  deps: PhotoRequestDeps,
  request: HttpRequest,
  response: HttpResponse,
): Promise<void> {
  if (answerPhotoCors(deps.siteOrigin, request, response)) return;
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const refuse = (status: number, error: string) =>
    response.status(status).json({ error } satisfies SitePhotoAnswer);
  try {
    if (deps.requiresAppCheck()) {
      const token = header(APP_CHECK_HEADER);
      const verified = token
        ? await deps.verifyAppCheck(token).then(
            () => true,
            () => false,
          )
        : false;
      if (!verified) throw new PhotoRefusal(PHOTO_REFUSALS.noAppCheck, 401);
    }
    const caller = await deps.callerOf(header('authorization'));
    if (request.method === 'GET') {
      const data = await photoForOwner(
        deps,
        caller,
        String(request.query.id ?? ''),
        Number(request.query.width),
      );
      response
        .status(200)
        .set('Content-Type', 'image/webp')
        .set('Cache-Control', 'private, max-age=3600')
        .send(data);
      return;
    }
    if (request.method !== 'POST') return refuse(405, 'Send the photo with POST.');
    // Refused before it is read any further: the size the browser declared, then the bytes.
    const declared = Number(header('content-length'));
    if (declared > PHOTO_MAX_BYTES) throw new PhotoRefusal(PHOTO_REFUSALS.tooLarge(declared), 413);
    let name = 'photo';
    try {
      name = decodeURIComponent(header('x-photo-name') ?? 'photo');
    } catch {
      // A name that is not valid URL encoding is only a name.
    }
    const photo = await acceptPhoto(deps, caller, { bytes: request.rawBody ?? Buffer.alloc(0), name });
    response.status(200).json({ photo } satisfies SitePhotoAnswer);
  } catch (error) {
    if (error instanceof PhotoRefusal) return refuse(error.status, error.message);
    if (error instanceof InboxError)
      return refuse(error.code === 'unauthenticated' ? 401 : 403, error.message);
    throw error;
  }
}
