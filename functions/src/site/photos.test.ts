import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_FORMATS, PHOTO_WIDTHS } from '../contract/site-content';
import { PHOTO_REFUSALS } from '../contract/site-publish';
import { phonePhoto } from '../../../tests/support/phone-photo';
import { photoFilePathInStore, photoOriginalPath, processPhoto, PhotoRefusal } from './photos';

async function refusal(bytes: Buffer): Promise<PhotoRefusal> {
  const error = await processPhoto(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PhotoRefusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('a photo from the camera roll', () => {
  it('is kept upright at every product width, as AVIF and WebP, with no EXIF and no GPS position left', async () => {
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
    for (const file of photo.files) {
      const metadata = await sharp(file.data).metadata();
      expect(metadata.exif, file.path).toBeUndefined();
      expect(await exifr.gps(file.data).catch(() => undefined), file.path).toBeUndefined();
    }
    const widest = photo.files.find((file) => file.path.endsWith('/800.webp'));
    expect(await sharp(widest?.data).metadata()).toMatchObject({ width: 800, height: 1000, format: 'webp' });
  });

  it('gets the same ID when it is uploaded twice', async () => {
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

  it('refuses an empty file and a file that only looks like one', async () => {
    expect((await refusal(Buffer.alloc(0))).message).toBe(PHOTO_REFUSALS.empty);
    expect((await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).message).toBe(
      PHOTO_REFUSALS.notPhoto,
    );
    expect((await refusal(Buffer.from('GIF89a....'))).message).toBe(PHOTO_REFUSALS.notPhoto);
  });
});
