/**
 * What a photo file still tells about where and how it was taken, read the same way from every
 * format the site writes (JPEG, WebP, AVIF): sharp hands over each metadata block as it is stored,
 * where exifr reads no WebP at all (its error, caught, would pass any file). Used by the photo
 * function's tests (functions/src/site/photos.test.ts, which also proves it reports each block of a
 * file written with all of them) and the owner's publish journey.
 */
import exifr from 'exifr';
import sharp from 'sharp';

/** A metadata block a published photo must not carry; `gps` is the position read from its EXIF. */
export type MetadataBlock = 'exif' | 'gps' | 'xmp' | 'iptc' | 'icc';

/** sharp's EXIF block starts with the APP1 name "Exif\0\0"; the TIFF structure exifr reads follows. */
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

async function positionIn(exif: Buffer): Promise<{ latitude: number; longitude: number } | undefined> {
  const tiff = exif.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)
    ? exif.subarray(EXIF_HEADER.length)
    : exif;
  return exifr.gps(tiff);
}

/** Every metadata block the file holds, in a fixed order; [] for a clean file. */
export async function metadataLeft(file: Buffer): Promise<MetadataBlock[]> {
  const { exif, xmp, iptc, icc } = await sharp(file).metadata();
  const position = exif ? await positionIn(exif) : undefined;
  const present: Record<MetadataBlock, boolean> = {
    exif: exif !== undefined,
    gps: position !== undefined,
    xmp: xmp !== undefined,
    iptc: iptc !== undefined,
    icc: icc !== undefined,
  };
  return (Object.keys(present) as MetadataBlock[]).filter((block) => present[block]);
}

/** An IPTC record (2:05, the object's name) in a Photoshop APP13 segment, as a newsroom's software writes it. */
function iptcSegment(objectName: string): Buffer {
  const name = Buffer.from(objectName, 'latin1');
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x05, 0x00, name.length]), name]);
  const resourceHeader = Buffer.alloc(12);
  resourceHeader.write('8BIM', 0, 'latin1');
  // Resource 0x0404 (IPTC-NAA), an empty Pascal name padded to two bytes, then the record's size.
  resourceHeader.writeUInt16BE(0x0404, 4);
  resourceHeader.writeUInt32BE(record.length, 8);
  const padding = Buffer.alloc(record.length % 2);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resourceHeader, record, padding]);
  const marker = Buffer.from([0xff, 0xed, 0, 0]);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([marker, body]);
}

/** The formats a photo is written in: its kept original (JPEG) and its published files. */
export const WRITTEN_FORMATS = ['jpeg', 'webp', 'avif'] as const;
export type WrittenFormat = (typeof WRITTEN_FORMATS)[number];

/**
 * `jpeg` (a camera's JPEG with EXIF and its GPS position) written as `format` keeping everything,
 * with an XMP packet, an IPTC record and an sRGB profile added: what a leaking pipeline would write.
 * libvips writes IPTC into JPEG alone, so only the JPEG carries it.
 */
export async function withEveryMetadata(jpeg: Buffer, format: WrittenFormat): Promise<Buffer> {
  const JPEG_START = 2;
  const tagged = Buffer.concat([
    jpeg.subarray(0, JPEG_START),
    iptcSegment('Weft'),
    jpeg.subarray(JPEG_START),
  ]);
  return sharp(tagged)
    .keepMetadata()
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')
    .withIccProfile('srgb')
    .toFormat(format)
    .toBuffer();
}
