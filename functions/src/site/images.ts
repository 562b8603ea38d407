/**
 * How a picture becomes the site's files, for the build's artwork (scripts/build-images.ts) and the
 * owner's photos (photos.ts) alike: drawn once at its largest size, cropped to its shape from the
 * centre and turned upright, then encoded at each published width as AVIF and WebP. sharp (libvips)
 * does the work, as it did for the build: one encoder, so an uploaded photo looks like a built one.
 * No output keeps the source's metadata (sharp writes none unless asked): a camera's EXIF, its GPS
 * position included, never reaches a published file.
 */
import sharp, { type Sharp } from 'sharp';

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
    image = sharp(source, { density: (72 * width) / drawnWidth });
  } else {
    image = sharp(source).rotate();
  }
  const { data, info } = await image
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
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
  const resized = sharp(master).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  return format === 'avif'
    ? resized.avif({ ...encoding.avif, chromaSubsampling: '4:2:0' }).toBuffer()
    : resized.webp({ ...encoding.webp, smartSubsample: true }).toBuffer();
}
