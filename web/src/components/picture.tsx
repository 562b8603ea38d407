import { imageSpecs, intrinsicSizes, isImageKey, type ImageKey } from '@contract/site/image-specs';
import { PHOTO_WIDTHS, photoFilePath, type ProductPhoto } from '@contract/site/site-content';

export { intrinsicSizes, type ImageKey, type IntrinsicSize } from '@contract/site/image-specs';

/** Asset URLs by the file's path as the glob reports it, e.g. '../assets/generated/hero-640.avif'. */
type AssetUrls = Record<string, string>;

/** Written by scripts/build-images.ts; Vite fingerprints each file into /assets. */
const generatedUrls = import.meta.glob<string>('../assets/generated/*.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
});
/** The artwork itself: what a page shows before the image build has run (unit tests, a fresh clone). */
const artUrls = import.meta.glob<string>('../assets/art/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

/**
 * The <img> fallback, a WebP of a width that looks right on most layouts, for the few browsers
 * without AVIF (Safari before 16, old Samsung Internet and UC Browser). Every other browser takes
 * the AVIF <source>, sized to the screen. A WebP <source> with every width as well would cost each
 * card's bytes in the page that carries the first screen (0.5 KB of /products' first round trip),
 * for those few.
 */
const FALLBACK_WIDTH = 960;

type PictureSources = {
  /** Empty when the key has not been built: the page then shows the SVG artwork alone. */
  avifSrcSet: string;
  src: string;
};

/** The densest screens a picture is drawn for: wider files would only cost bytes. */
const MAX_PIXEL_RATIO = 3;
const REM_PX = 16;

/**
 * The widest a picture is drawn, in CSS pixels, by its `sizes` ("(max-width: 676px) 7rem, 360px"):
 * a `vw` length counts at its condition's max-width; Infinity when that has no bound (`100vw`).
 */
export function widestDrawn(sizes: string): number {
  return Math.max(
    ...sizes.split(',').map((entry) => {
      const [, maxWidth, length, unit] =
        /^\s*(?:\(max-width:\s*([\d.]+)px\)\s*)?([\d.]+)(px|rem|vw)\s*$/.exec(entry) ?? [];
      if (!length) return Infinity;
      if (unit === 'px') return Number(length);
      if (unit === 'rem') return Number(length) * REM_PX;
      return maxWidth ? (Number(length) / 100) * Number(maxWidth) : Infinity;
    }),
  );
}

/** The widths worth listing for a picture drawn at `sizes`: up to the first that fills the densest screen. */
export function usefulWidths(widths: readonly number[], sizes: string): readonly number[] {
  const needed = widestDrawn(sizes) * MAX_PIXEL_RATIO;
  const enough = widths.findIndex((width) => width >= needed);
  return enough === -1 ? widths : widths.slice(0, enough + 1);
}

function urlsByFileName(urls: AssetUrls): Map<string, string> {
  return new Map(Object.entries(urls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}

function requireImageKey(image: string): ImageKey {
  if (!isImageKey(image))
    throw new Error(
      `No picture is defined for the image key "${image}" (functions/src/contract/site/image-specs.ts)`,
    );
  return image;
}

/**
 * The key's built files when every width exists in both formats, otherwise its SVG artwork; with
 * `sizes`, only the widths a screen can use (each URL costs the first round trip's bytes).
 */
export function resolvePictureSources(
  image: string,
  generated: AssetUrls,
  art: AssetUrls,
  sizes?: string,
): PictureSources {
  const key = requireImageKey(image);
  const built = urlsByFileName(generated);
  const widths = sizes ? usefulWidths(imageSpecs[key].widths, sizes) : imageSpecs[key].widths;
  const srcSet = (format: 'avif' | 'webp') => {
    const entries = widths.map((width) => ({ width, url: built.get(`${key}-${width}.${format}`) }));
    return entries.every((entry) => entry.url) ? entries : null;
  };
  const avif = srcSet('avif');
  const webp = srcSet('webp');
  if (avif && webp) {
    const fallback = webp.reduce((best, entry) =>
      Math.abs(entry.width - FALLBACK_WIDTH) < Math.abs(best.width - FALLBACK_WIDTH) ? entry : best,
    );
    return {
      avifSrcSet: avif.map(({ width, url }) => `${url} ${width}w`).join(', '),
      src: fallback.url ?? '',
    };
  }
  const svg = urlsByFileName(art).get(`${key}.svg`);
  if (!svg)
    throw new Error(`The picture "${key}" has neither built images nor web/src/assets/art/${key}.svg`);
  return { avifSrcSet: '', src: svg };
}

/**
 * An owner's photo (a publish adds its files under /assets/photos/): the widths a screen can use, as
 * AVIF with the WebP nearest the fallback width for the rest, like a built picture.
 */
export function photoSources(photo: ProductPhoto, sizes?: string): PictureSources {
  const widths = sizes ? usefulWidths(PHOTO_WIDTHS, sizes) : PHOTO_WIDTHS;
  const fallback = PHOTO_WIDTHS.reduce((best, width) =>
    Math.abs(width - FALLBACK_WIDTH) < Math.abs(best - FALLBACK_WIDTH) ? width : best,
  );
  return {
    avifSrcSet: widths.map((width) => `${photoFilePath(photo.id, width, 'avif')} ${width}w`).join(', '),
    src: photoFilePath(photo.id, fallback, 'webp'),
  };
}

type PictureProps = {
  /** An image key from functions/src/contract/site/image-specs.ts. */
  image: string;
  /** The owner's photo for this key, shown instead of its drawing (same shape, same sizes). */
  photo?: ProductPhoto | null;
  /** What the picture shows; "" for a decorative picture. */
  alt: string;
  /** How wide the picture is drawn, as in the sizes attribute, e.g. "(max-width: 676px) 92vw, 340px". */
  sizes: string;
  /** The largest picture on first paint (LCP): fetched at once and early instead of lazily. */
  priority?: boolean;
  /** Set on the <picture>; style the image with `.class img`. */
  className?: string;
};

/** A <Picture> bound to a set of assets; the site uses the one bound to the build output below. */
export function createPicture(generated: AssetUrls, art: AssetUrls) {
  return function Picture({ image, photo, alt, sizes, priority = false, className }: PictureProps) {
    const { avifSrcSet, src } = photo
      ? photoSources(photo, sizes)
      : resolvePictureSources(image, generated, art, sizes);
    const { width, height } = intrinsicSizes[requireImageKey(image)];
    return (
      <picture className={className}>
        {avifSrcSet && <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />}
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? undefined : 'async'}
          fetchPriority={priority ? 'high' : undefined}
        />
      </picture>
    );
  };
}

export const Picture = createPicture(generatedUrls, artUrls);

/** One URL for the picture (the widest WebP, or the artwork): structured data and share tags. */
export function imageUrl(image: string, photo?: ProductPhoto | null): string {
  if (photo) return photoFilePath(photo.id, Math.max(...PHOTO_WIDTHS), 'webp');
  const key = requireImageKey(image);
  const widest = imageSpecs[key].widths.at(-1);
  return (
    urlsByFileName(generatedUrls).get(`${key}-${widest}.webp`) ??
    resolvePictureSources(key, generatedUrls, artUrls).src
  );
}
