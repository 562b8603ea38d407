/**
 * How a picture becomes the site's files, for the build's artwork (scripts/build-images.ts) and the
 * owner's photos (photos.ts) alike: drawn once at its largest size, cropped to its shape from the
 * centre and turned upright, then encoded at each published width as AVIF and WebP. sharp (libvips)
 * does the work, as it did for the build: one encoder, so an uploaded photo looks like a built one.
 * No output keeps the source's metadata (sharp writes none unless asked): a camera's EXIF, its GPS
 * position included, never reaches a published file.
 */
import sharp, { type Sharp } from 'sharp';
import { PHOTO_MAX_PIXELS } from '../contract/site/site-publish';

/**
 * Every pipeline here refuses a source larger than a photo may be, before decoding it: the photo
 * function checks the header first, and this is the second guard (sharp's own default is 268 MP).
 */
export const MAX_INPUT_PIXELS = PHOTO_MAX_PIXELS;
const READ = { limitInputPixels: MAX_INPUT_PIXELS } as const;

export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export type Encoding = {
  avif: { quality: number; effort: number };
  webp: { quality: number; effort: number };
};
/** AVIF effort 3: effort 4 took 2-3x as long for 1% fewer bytes on this artwork; higher efforts far longer. */
export const ENCODING: Encoding = { avif: { quality: 58, effort: 3 }, webp: { quality: 80, effort: 4 } };

/**
 * A source (a photo's bytes or file, or an SVG file) drawn at exactly width × height, cropped to
 * the shape from the centre, upright, in sRGB, as a lossless PNG master for the encoders.
 */
export async function drawMaster(source: Buffer | string, width: number, height: number): Promise<Buffer> {
  let image: Sharp;
  if (typeof source === 'string' && source.endsWith('.svg')) {
    const drawnWidth = (await sharp(source).metadata()).width ?? width;
    // Rasterise the vector at the size it is needed instead of scaling a small bitmap up.
    image = sharp(source, { ...READ, density: (72 * width) / drawnWidth });
  } else {
    image = sharp(source, READ).rotate();
  }
  const { data, info } = await image
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = sharp(data, {
    ...READ,
    raw: { width: info.width, height: info.height, channels: info.channels },
  });
  const { isOpaque } = await raw.stats();
  const master = isOpaque ? raw.removeAlpha() : raw;
  return master.png({ compressionLevel: 0 }).toBuffer();
}

/** One published file: the master scaled to width × height, in the format. */
export async function encodeImage(
  master: Buffer,
  width: number,
  height: number,
  format: ImageFormat,
  encoding: Encoding = ENCODING,
): Promise<Buffer> {
  const resized = sharp(master, READ).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  return format === 'avif'
    ? resized.avif({ ...encoding.avif, chromaSubsampling: '4:2:0' }).toBuffer()
    : resized.webp({ ...encoding.webp, smartSubsample: true }).toBuffer();
}

/**
 * Lower qualities tried, in order, when a file at the usual encoding is over its byte budget: the
 * steps where fine repeating pattern starts to shrink, while a photo still looks like itself.
 */
export const LOWER_QUALITIES: Record<ImageFormat, readonly number[]> = {
  avif: [45, 32],
  webp: [65, 50],
};

/**
 * One published file within `maxBytes`: encoded as encodeImage does, then again at each lower
 * quality while it is too large; null when even the lowest does not fit.
 */
export async function encodeImageWithin(
  master: Buffer,
  width: number,
  height: number,
  format: ImageFormat,
  maxBytes: number,
  encoding: Encoding = ENCODING,
): Promise<Buffer | null> {
  const qualities = [encoding[format].quality, ...LOWER_QUALITIES[format]];
  for (const quality of qualities) {
    const lowered = { ...encoding, [format]: { ...encoding[format], quality } };
    const data = await encodeImage(master, width, height, format, lowered);
    if (data.length <= maxBytes) return data;
  }
  return null;
}
