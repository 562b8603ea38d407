import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maxBytesAt, maxBytesFor } from '../contract/site/image-specs';
import { PHOTO_FORMATS, PHOTO_WIDTHS } from '../contract/site/site-content';
import { PHOTO_MAX_PIXELS, PHOTO_REFUSALS } from '../contract/site/site-publish';
import { phonePhoto } from '../../../tests/support/phone-photo';
import { metadataLeft, withEveryMetadata, WRITTEN_FORMATS } from '../../../tests/support/photo-metadata';
import {
  BOMB_SIDE,
  checkerboardPng,
  CHECKERBOARD_SIDE,
  mebibytes,
  peakMemoryDuring,
  pngBomb,
} from '../../../tests/support/photo-bombs';
import { drawMaster } from './images';
import {
  ORIGINAL_MAX_SIDE,
  photoFilePathInStore,
  photoOriginalPath,
  processPhoto,
  PhotoRefusal,
} from './photos';

/** A bomb refused from its header leaves the worker where it was; decoding it took 1.4 GiB more. */
const BOMB_MEMORY_BOUND = 64 * 1024 * 1024;

async function refusal(bytes: Buffer): Promise<PhotoRefusal> {
  const error = await processPhoto(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PhotoRefusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('a photo from the camera roll', () => {
  it(
    'is kept upright at every product width, as AVIF and WebP, with no EXIF, GPS position, XMP, IPTC or ICC profile left',
    { timeout: 60_000 },
    async () => {
      const upload = await phonePhoto();
      expect(await exifr.gps(upload)).toMatchObject({
        latitude: expect.closeTo(11, 1),
        longitude: expect.closeTo(76.95, 1),
      });
      const photo = await processPhoto(upload);
      expect(photo.id).toMatch(/^[0-9a-f]{16}$/);
      expect(photo).toMatchObject({ width: 1200, height: 1500 });
      expect(photo.files.map((file) => file.path).sort()).toEqual(
        [
          photoOriginalPath(photo.id),
          ...PHOTO_WIDTHS.flatMap((width) =>
            PHOTO_FORMATS.map((format) => photoFilePathInStore(photo.id, width, format)),
          ),
        ].sort(),
      );
      for (const file of photo.files) expect(await metadataLeft(file.data), file.path).toEqual([]);
      const widest = photo.files.find((file) => file.path.endsWith('/800.webp'));
      expect(await sharp(widest?.data).metadata()).toMatchObject({
        width: 800,
        height: 1000,
        format: 'webp',
      });
    },
  );

  it.each(WRITTEN_FORMATS)(
    'would be caught keeping its metadata: the check reads EXIF, its GPS position, XMP, IPTC and ICC from a file written as %s',
    async (format) => {
      const leaky = await withEveryMetadata(await phonePhoto(800, 1000), format);
      // libvips writes IPTC into a JPEG alone.
      const iptc = format === 'jpeg' ? (['iptc'] as const) : [];
      expect(await metadataLeft(leaky)).toEqual(['exif', 'gps', 'xmp', ...iptc, 'icc']);
      if (format === 'webp')
        // exifr cannot read a WebP at all, so a GPS check through it passes whatever the file holds.
        expect(await exifr.gps(leaky).catch(() => undefined)).toBeUndefined();
    },
  );

  it('gets the same ID when it is uploaded twice', { timeout: 60_000 }, async () => {
    const upload = await phonePhoto(1000, 1000);
    expect((await processPhoto(upload)).id).toBe((await processPhoto(upload)).id);
  });
});

describe('what is not a photo the site can use is refused, with the reason', () => {
  it('refuses a drawing (SVG)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toMatchObject({ message: PHOTO_REFUSALS.svg, status: 415 });
  });

  it('refuses a PDF whose name says .jpg', async () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    expect(await refusal(pdf)).toMatchObject({ message: PHOTO_REFUSALS.pdf, status: 415 });
  });

  it('refuses a 25 MB file before reading it as a picture', async () => {
    const large = Buffer.concat([await phonePhoto(), Buffer.alloc(25 * 1024 * 1024)]);
    const refused = await refusal(large);
    expect(refused.status).toBe(413);
    expect(refused.message).toMatch(/^This file is 25\.0 MB; a photo can be at most 20\.0 MB\./);
  });

  it('refuses a photo 600 pixels wide', async () => {
    expect(await refusal(await phonePhoto(600, 450))).toMatchObject({
      message: PHOTO_REFUSALS.tooSmall(600, 450),
      status: 422,
    });
  });

  it(
    `refuses a ${BOMB_SIDE.toLocaleString('en-IN')}² PNG bomb from its header, in words, before decoding a pixel`,
    { timeout: 60_000 },
    async () => {
      const bomb = await pngBomb();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const { before, peak, outcome } = await peakMemoryDuring(() => processPhoto(bomb));
      console.info(
        `PNG bomb (${(bomb.length / 1024).toFixed(0)} KB, ${BOMB_SIDE}² declared): memory ${mebibytes(before)} → peak ${mebibytes(peak)} (+${mebibytes(peak - before)})`,
      );
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { message: PHOTO_REFUSALS.tooManyPixels(BOMB_SIDE, BOMB_SIDE), status: 413 },
      });
      expect(PHOTO_REFUSALS.tooManyPixels(BOMB_SIDE, BOMB_SIDE)).toBe(
        'This photo is 16,000 × 16,000 pixels; photos up to 40 megapixels are accepted. Please resize it and upload again.',
      );
      expect(peak - before).toBeLessThan(BOMB_MEMORY_BOUND);
    },
  );

  it('refuses the 8,000² checkerboard from its header (64 megapixels)', { timeout: 60_000 }, async () => {
    expect(await refusal(await checkerboardPng())).toMatchObject({
      message: PHOTO_REFUSALS.tooManyPixels(CHECKERBOARD_SIDE, CHECKERBOARD_SIDE),
      status: 413,
    });
  });

  it(
    'refuses a photo of pixel-fine noise that no quality fits into its byte budget',
    { timeout: 120_000 },
    async () => {
      const noise = await sharp({
        create: {
          width: 800,
          height: 1000,
          channels: 3,
          background: 'black',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      expect(await refusal(noise)).toMatchObject({ message: PHOTO_REFUSALS.tooDetailed, status: 422 });
    },
  );

  it('refuses an empty file and a file that only looks like one', async () => {
    expect((await refusal(Buffer.alloc(0))).message).toBe(PHOTO_REFUSALS.empty);
    expect((await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).message).toBe(
      PHOTO_REFUSALS.notPhoto,
    );
    expect((await refusal(Buffer.from('GIF89a....'))).message).toBe(PHOTO_REFUSALS.notPhoto);
  });
});

describe('a photo is stored within a budget', () => {
  it.each([6000, 2400, 1000])(
    'a %i² one-pixel checkerboard is stored with every file within its bytes per pixel',
    { timeout: 120_000 },
    async (side) => {
      const photo = await processPhoto(await checkerboardPng(side));
      const sizes = photo.files.map((file) => `${file.path.split('/').pop()} ${file.data.length}`);
      console.info(`${side}² checkerboard: ${sizes.join(', ')}`);
      for (const file of photo.files) {
        const { width = 0, height = 0 } = await sharp(file.data).metadata();
        const published = /\/(\d+)\.(?:avif|webp)$/.exec(file.path)?.[1];
        const bound = published ? maxBytesAt('machine-weft', Number(published)) : maxBytesFor(width, height);
        expect(file.data.length, file.path).toBeLessThanOrEqual(bound);
      }
      const original = photo.files.find((file) => file.path === photoOriginalPath(photo.id));
      const { width = 0, height = 0 } = await sharp(original?.data).metadata();
      expect(Math.max(width, height)).toBe(Math.min(side, ORIGINAL_MAX_SIDE));
    },
  );

  it(
    'every sharp pipeline refuses more pixels than a photo may have, even without the header check',
    { timeout: 60_000 },
    async () => {
      const bomb = await pngBomb();
      const { before, peak, outcome } = await peakMemoryDuring(() => drawMaster(bomb, 800, 1000));
      expect(outcome.status).toBe('rejected');
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/pixel limit/);
      expect(peak - before).toBeLessThan(BOMB_MEMORY_BOUND);
      expect(BOMB_SIDE * BOMB_SIDE).toBeGreaterThan(PHOTO_MAX_PIXELS);
    },
  );
});
