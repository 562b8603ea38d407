/**
 * `npm run backup` and `npm run restore`: every document of every collection, written as one JSON
 * line per document in one file per root collection, with each value in the Firestore REST API's
 * own typed form (`{"timestampValue": …}`, `{"mapValue": {"fields": …}}` …), so a restore writes
 * back exactly what was read: Timestamps to the nanosecond, maps, arrays, nulls, GeoPoints, bytes
 * and references.
 *
 * A restore is safe by default: it creates the documents that are missing and leaves every
 * existing one as it is, listing those that differ from the backup; `overwrite` replaces them.
 * An enquiry comes back with its delivery record (`notification`), so the creation trigger that a
 * restore fires finds it SENT (or DIGESTED, DUPLICATE) and sends nothing again
 * (functions/src/enquiry/delivery-state.ts, decideClaim).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DocumentReference,
  GeoPoint,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type Firestore,
} from 'firebase-admin/firestore';

/** Bumped when the file layout or the value encoding changes; a restore refuses other versions. */
export const BACKUP_FORMAT = 'sme-firestore-backup/1';
export const MANIFEST_FILE = 'manifest.json';
const LINES_EXTENSION = '.jsonl';
/** Writes of one restore batch: below Firestore's 500 a batch. */
const RESTORE_BATCH_SIZE = 400;

/** A Firestore value as the REST API spells it (https://firebase.google.com/docs/firestore/reference/rest/v1/Value). */
export type EncodedValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  /** A number, or "NaN", "Infinity", "-Infinity" and "-0", which JSON cannot hold as numbers. */
  | { doubleValue: number | string }
  /** RFC 3339 in UTC with nine fractional digits: the nanoseconds survive. */
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  /** The document's path inside the database (`collection/id`), so a backup restores into any project. */
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values: EncodedValue[] } }
  | { mapValue: { fields: Record<string, EncodedValue> } };

/** One line of a collection's file. */
export type BackupLine = { path: string; fields: Record<string, EncodedValue> };

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  projectId: string;
  takenAt: string;
  /** Documents per root collection (its subcollections' documents included). */
  collections: Record<string, number>;
};

export class BackupFormatError extends Error {}

const SPECIAL_DOUBLES: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
  '-0': -0,
};

function encodeNumber(value: number): EncodedValue {
  if (Object.is(value, -0)) return { doubleValue: '-0' };
  if (!Number.isFinite(value)) return { doubleValue: String(value) };
  // What the Admin SDK itself writes for a JS number: an integer when it is a safe one.
  return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
}

/** RFC 3339 with nine fractional digits. */
function timestampText(value: Timestamp): string {
  const whole = new Date(value.seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(value.nanoseconds).padStart(9, '0')}Z`;
}

const TIMESTAMP_TEXT = /^(\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/;

function parseTimestamp(text: string): Timestamp {
  const match = TIMESTAMP_TEXT.exec(text);
  const millis = match ? Date.parse(`${match[1]}Z`) : Number.NaN;
  if (!match || Number.isNaN(millis)) throw new BackupFormatError(`not a timestamp: ${text}`);
  return new Timestamp(millis / 1000, Number((match[2] ?? '').padEnd(9, '0')));
}

/** A value as read by the Admin SDK, in its typed JSON form. */
export function encodeValue(value: unknown): EncodedValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'bigint') return { integerValue: value.toString() };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Timestamp) return { timestampValue: timestampText(value) };
  if (value instanceof GeoPoint)
    return { geoPointValue: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof DocumentReference) return { referenceValue: value.path };
  if (value instanceof Uint8Array) return { bytesValue: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value)))
    return { mapValue: { fields: encodeFields(value as Record<string, unknown>) } };
  const kind = typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
  throw new BackupFormatError(`a value of a kind the backup does not know: ${kind}`);
}

export function encodeFields(data: Record<string, unknown>): Record<string, EncodedValue> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, encodeValue(value)]));
}

/** The value to write back with the Admin SDK; `db` makes references. */
export function decodeValue(encoded: EncodedValue, db: Firestore): unknown {
  if ('nullValue' in encoded) return null;
  if ('booleanValue' in encoded) return encoded.booleanValue;
  if ('integerValue' in encoded) {
    const big = BigInt(encoded.integerValue);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(big)
      : big;
  }
  if ('doubleValue' in encoded) {
    const { doubleValue } = encoded;
    if (typeof doubleValue === 'number') return doubleValue;
    if (doubleValue in SPECIAL_DOUBLES) return SPECIAL_DOUBLES[doubleValue];
    throw new BackupFormatError(`not a number: ${doubleValue}`);
  }
  if ('timestampValue' in encoded) return parseTimestamp(encoded.timestampValue);
  if ('stringValue' in encoded) return encoded.stringValue;
  if ('bytesValue' in encoded) return Buffer.from(encoded.bytesValue, 'base64');
  if ('referenceValue' in encoded) return db.doc(encoded.referenceValue);
  if ('geoPointValue' in encoded)
    return new GeoPoint(encoded.geoPointValue.latitude, encoded.geoPointValue.longitude);
  if ('arrayValue' in encoded) return encoded.arrayValue.values.map((item) => decodeValue(item, db));
  if ('mapValue' in encoded) return decodeFields(encoded.mapValue.fields, db);
  throw new BackupFormatError(`not a Firestore value: ${JSON.stringify(encoded)}`);
}

export function decodeFields(fields: Record<string, EncodedValue>, db: Firestore): DocumentData {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, decodeValue(value, db)]));
}

/** Every document of a collection and of its subcollections, parents first. */
async function documentsUnder(collection: CollectionReference): Promise<BackupLine[]> {
  const lines: BackupLine[] = [];
  for (const doc of (await collection.get()).docs) {
    lines.push({ path: doc.ref.path, fields: encodeFields(doc.data()) });
    for (const sub of await doc.ref.listCollections()) lines.push(...(await documentsUnder(sub)));
  }
  return lines;
}

/**
 * Writes every root collection (whatever it is called: a collection added later is in the next
 * backup without a change here) into `dir`, and the manifest last, so a backup cut short has none.
 */
export async function takeBackup(
  db: Firestore,
  projectId: string,
  dir: string,
  now = new Date(),
): Promise<BackupManifest> {
  mkdirSync(dir, { recursive: true });
  const collections: Record<string, number> = {};
  for (const collection of await db.listCollections()) {
    const lines = await documentsUnder(collection);
    collections[collection.id] = lines.length;
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    writeFileSync(join(dir, `${collection.id}${LINES_EXTENSION}`), lines.length ? `${text}\n` : '');
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    projectId,
    takenAt: now.toISOString(),
    collections,
  };
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The backup's manifest and every line of its collections' files. */
export function readBackup(dir: string): { manifest: BackupManifest; lines: BackupLine[] } {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupFormatError(`${dir} has no readable ${MANIFEST_FILE}: it is not a finished backup.`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupFormatError(`${dir} is a backup of format ${manifest.format}, not ${BACKUP_FORMAT}.`);
  const lines: BackupLine[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith(LINES_EXTENSION))
    .sort()) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const [index, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      try {
        lines.push(JSON.parse(line) as BackupLine);
      } catch {
        throw new BackupFormatError(`${name}, line ${index + 1}, is not JSON.`);
      }
    }
  }
  const counted = Object.values(manifest.collections).reduce((sum, count) => sum + count, 0);
  if (counted !== lines.length)
    throw new BackupFormatError(
      `${dir} holds ${lines.length} documents where its manifest counts ${counted}: a file is missing or cut short.`,
    );
  return { manifest, lines };
}

export type RestoreOptions = {
  /** Only this document (`collection/id`); null restores every one. */
  doc: string | null;
  /** Replace existing documents that differ from the backup; by default they are left as they are. */
  overwrite: boolean;
};

export type RestoreReport = {
  /** Missing, so written from the backup. */
  created: string[];
  /** Already as the backup has them. */
  unchanged: string[];
  /** Different from the backup and left as they are (without `overwrite`). */
  different: string[];
  /** Different from the backup and replaced by it (with `overwrite`). */
  overwritten: string[];
};

const sameFields = (a: Record<string, EncodedValue>, b: Record<string, EncodedValue>) =>
  JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * Brings back the backup's documents. A missing one is created with `create()`, which fails rather
 * than replaces if something wrote it meanwhile; an existing one is compared and, only with
 * `overwrite`, replaced whole with `set()`.
 */
export async function restoreBackup(
  db: Firestore,
  lines: BackupLine[],
  options: RestoreOptions,
): Promise<RestoreReport> {
  const wanted = options.doc === null ? lines : lines.filter((line) => line.path === options.doc);
  if (options.doc !== null && wanted.length === 0)
    throw new BackupFormatError(`the backup has no document ${options.doc}.`);
  const report: RestoreReport = { created: [], unchanged: [], different: [], overwritten: [] };
  for (let start = 0; start < wanted.length; start += RESTORE_BATCH_SIZE) {
    const chunk = wanted.slice(start, start + RESTORE_BATCH_SIZE);
    const current = await db.getAll(...chunk.map((line) => db.doc(line.path)));
    const batch = db.batch();
    chunk.forEach((line, index) => {
      const snapshot = current[index];
      const ref = db.doc(line.path);
      if (!snapshot?.exists) {
        batch.create(ref, decodeFields(line.fields, db));
        report.created.push(line.path);
      } else if (sameFields(encodeFields(snapshot.data() ?? {}), line.fields)) {
        report.unchanged.push(line.path);
      } else if (options.overwrite) {
        batch.set(ref, decodeFields(line.fields, db));
        report.overwritten.push(line.path);
      } else {
        report.different.push(line.path);
      }
    });
    await batch.commit();
  }
  return report;
}
