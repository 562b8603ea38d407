/**
 * The backup's value encoding: every Firestore type written as text and read back is the value it
 * was, to the nanosecond and the bit (a property test over generated documents, and one document
 * holding each type once).
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { GeoPoint, getFirestore, Timestamp } from 'firebase-admin/firestore';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BackupFormatError,
  decodeFields,
  decodeValue,
  encodeFields,
  encodeValue,
  type EncodedValue,
} from './firestore-backup';

// No call reaches a server: the database only makes document references here.
const app = initializeApp({ projectId: 'demo-backup-encoding' }, 'backup-encoding');
const db = getFirestore(app);
afterAll(() => deleteApp(app));

/** Through the text of a backup line and back. */
const throughText = (value: unknown) =>
  decodeValue(JSON.parse(JSON.stringify(encodeValue(value))) as EncodedValue, db);

/** Firestore's range of timestamps: years 1 to 9999. */
const FIRST_SECOND = -62_135_596_800;
const LAST_SECOND = 253_402_300_799;

const timestamp = fc
  .tuple(fc.integer({ min: FIRST_SECOND, max: LAST_SECOND }), fc.integer({ min: 0, max: 999_999_999 }))
  .map(([seconds, nanos]) => new Timestamp(seconds, nanos));
const geoPoint = fc
  .tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
  .map(([latitude, longitude]) => new GeoPoint(latitude, longitude));
const bytes = fc.uint8Array({ maxLength: 64 }).map((array) => Buffer.from(array));
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  timestamp,
  geoPoint,
  bytes,
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('map')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 4 }),
}));

describe('the backup’s value encoding', () => {
  it('brings every generated value back as it was', () => {
    fc.assert(
      fc.property(value, (original) => {
        expect(throughText(original)).toEqual(original);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps each Firestore type of an enquiry-like document, references and nanoseconds included', () => {
    const document = {
      name: 'Priya Raman',
      attempts: 1,
      ratio: 0.25,
      big: 2n ** 63n - 1n,
      notANumber: Number.NaN,
      infinite: Number.NEGATIVE_INFINITY,
      negativeZero: -0,
      confirmed: true,
      missing: null,
      createdAt: new Timestamp(1_764_300_000, 123_456_789),
      lines: [{ product: 'machine-weft', quantity: 3 }, 'two', [1, [2]]],
      notification: { state: 'SENT', sentAt: new Timestamp(1_764_300_002, 1), acknowledgement: {} },
      where: new GeoPoint(11.0168, 76.9558),
      photo: Buffer.from([0, 255, 10, 13]),
      duplicateOf: db.doc('SME-enquiry-form/first'),
    };
    const back = decodeFields(JSON.parse(JSON.stringify(encodeFields(document))) as never, db);
    const { duplicateOf, ...rest } = back;
    const { duplicateOf: originalReference, ...originalRest } = document;
    expect(rest).toEqual(originalRest);
    expect(Object.is(rest.negativeZero, -0)).toBe(true);
    expect((rest.createdAt as Timestamp).isEqual(document.createdAt)).toBe(true);
    expect((duplicateOf as typeof originalReference).isEqual(originalReference)).toBe(true);
    expect(encodeValue(document.createdAt)).toEqual({ timestampValue: '2025-11-28T03:20:00.123456789Z' });
  });

  it('refuses a value it could not bring back, by name', () => {
    expect(() => encodeValue(new Map())).toThrow(BackupFormatError);
    expect(() => encodeValue(new Map())).toThrow(/Map/);
    expect(() => decodeValue({ timestampValue: 'yesterday' }, db)).toThrow(/not a timestamp/);
  });
});
