/**
 * Every picture on the site: its shape and the widths it is published at. The image build
 * (scripts/build-images.ts) renders each key at these widths and <Picture> lists them in srcset,
 * so a key, an aspect ratio or a width is changed here and nowhere else. Part of the contract (no
 * imports): the owner's photos, uploaded from the inbox, are made at the same widths by the functions.
 */

type ImageSpec = {
  /** Width and height of the shape, e.g. 16:10. */
  aspect: readonly [number, number];
  /** Published widths in pixels, smallest first; the last one is the intrinsic width. */
  widths: readonly number[];
};

// 768 w: a 412 px phone at DPR 1.75 (Lighthouse's mobile) needs 721 px, without paying for 960.
const HERO: ImageSpec = { aspect: [16, 10], widths: [480, 768, 1280, 1920] };
// 720 w: the category pictures (92vw) on that phone need 663 px; 960 w costs 7 KB more each.
// 240 w: the products page's family links draw them 6rem (96 px) wide, 168 px at DPR 1.75.
const LANDSCAPE: ImageSpec = { aspect: [4, 3], widths: [240, 480, 720, 960] };
// 240 w: the product cards draw their picture 7rem (112 px) wide on phones, 196 px at DPR 1.75.
const PRODUCT: ImageSpec = { aspect: [4, 5], widths: [240, 400, 800] };

export const imageSpecs = {
  hero: HERO,
  about: LANDSCAPE,
  'category-raw-temple-hair': LANDSCAPE,
  'category-remy-hair-extensions': LANDSCAPE,
  'category-ready-to-wear-extensions': LANDSCAPE,
  'raw-hair-10-18-inch': PRODUCT,
  'raw-hair-19-26-inch': PRODUCT,
  'raw-hair-27-inch-plus': PRODUCT,
  'machine-weft': PRODUCT,
  'single-drawn-bulk-hair': PRODUCT,
  'i-tip-extensions': PRODUCT,
  'hand-tied-weft': PRODUCT,
  '3-clip-in-extensions': PRODUCT,
  '5-clip-in-extensions': PRODUCT,
  'back-clip-ponytail': PRODUCT,
  'single-clip-in-extension': PRODUCT,
  'traditional-braid-extension': PRODUCT,
} as const satisfies Record<string, ImageSpec>;

export type ImageKey = keyof typeof imageSpecs;

export const imageKeys = Object.keys(imageSpecs) as ImageKey[];

export function isImageKey(key: string): key is ImageKey {
  return Object.hasOwn(imageSpecs, key);
}

/** The pixel height of a key's picture at a given width (all published sizes are whole pixels). */
export function heightAt(key: ImageKey, width: number): number {
  const [w, h] = imageSpecs[key].aspect;
  return Math.round((width * h) / w);
}

/**
 * The most bytes a stored or published picture may take per pixel: 0.3, so 240 KB at 800 × 1000
 * and 22 KB at 240 × 300. Fine blurred noise, finer than hair, took at most 0.13 as WebP at 800 w
 * and 0.35 as a JPEG at quality 90; pixel-fine pattern (noise, a checkerboard at its own size) needs
 * more, and is encoded again at a lower quality, or refused.
 */
export const MAX_BYTES_PER_PIXEL = 0.3;

/** The most bytes a picture of width × height pixels may be stored and published as. */
export function maxBytesFor(width: number, height: number): number {
  return Math.round(width * height * MAX_BYTES_PER_PIXEL);
}

/** The most bytes a key's picture may take at a published width. */
export function maxBytesAt(key: ImageKey, width: number): number {
  return maxBytesFor(width, heightAt(key, width));
}

export type IntrinsicSize = { width: number; height: number };

/** Each key's largest published size: the width/height a page gives <img> to reserve its space. */
export const intrinsicSizes = Object.fromEntries(
  imageKeys.map((key) => {
    const width = imageSpecs[key].widths.at(-1) ?? 0;
    return [key, { width, height: heightAt(key, width) }];
  }),
) as Record<ImageKey, IntrinsicSize>;
