/**
 * Publishes the site's pictures in modern formats. For every key in functions/src/contract/site/image-specs.ts
 * the owner's photo (web/src/assets/photos/<key>.{jpg,jpeg,png,webp}) or, until there is one, the
 * artwork (web/src/assets/art/<key>.svg) becomes web/src/assets/generated/<key>-<width>.{avif,webp};
 * the share card and app icons are written into web/public. Incremental: an output newer than its
 * source and this script, made from the same source file, is kept.
 *
 *   npx tsx scripts/build-images.ts            build what changed
 *   npx tsx scripts/build-images.ts --force    build everything again
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heightAt, imageKeys, imageSpecs, type ImageKey } from '../functions/src/contract/site/image-specs';
import type { Encoding } from '../functions/src/site/images';
import type { Sharp, SharpOptions } from 'sharp';

/** The drawing and encoding the functions share (they load libvips, ~100 ms): only when something has to be drawn. */
const images = () => import('../functions/src/site/images');
const loadSharp = async () =>
  (await import('sharp')).default as unknown as (input?: Buffer | string, options?: SharpOptions) => Sharp;
const FORMATS = ['avif', 'webp'] as const;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ART_DIR = join(ROOT, 'web/src/assets/art');
const PHOTO_DIR = join(ROOT, 'web/src/assets/photos');
const OUT_DIR = join(ROOT, 'web/src/assets/generated');
const PUBLIC_DIR = join(ROOT, 'web/public');
const FAVICON = join(PUBLIC_DIR, 'favicon.svg');
/** Which source file each key was last built from, so a dropped-in photo with an old date still wins. */
const SOURCES_FILE = join(OUT_DIR, 'sources.json');
/** The build is redone when the script or the sizes change. */
const BUILD_INPUTS = [
  fileURLToPath(import.meta.url),
  join(ROOT, 'functions/src/contract/site/image-specs.ts'),
  join(ROOT, 'functions/src/site/images.ts'),
];

/** In the order they win when the owner leaves more than one photo for a key. */
const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/**
 * The hero is the mobile LCP element. A phone (412 px at 1.75x, Lighthouse's mobile) takes the
 * 768 px file, which must arrive in TCP's first window: about 14.6 KB with its ~1.7 KB of headers,
 * or its last bytes wait one more round trip. Quality 56 at effort 6 keeps it near 12 KB.
 */
const HERO_ENCODING: Encoding = { avif: { quality: 56, effort: 6 }, webp: { quality: 80, effort: 4 } };
/** Byte budgets of the hero AVIF a phone downloads first (body only; headers add ~1.7 KB). */
const HERO_AVIF_BUDGET: Partial<Record<number, number>> = { 480: 9_000, 768: 12_800 };

const BRAND_BACKGROUND = '#2a1420';
const OG_SIZE = { width: 1200, height: 630 };
/** The monogram on the share card, sitting in the calm left side of the hero art. */
const OG_MONOGRAM = { size: 176, left: 150 };
/** Maskable icons keep their content inside the central 80% circle. */
const MASKABLE_CONTENT_SCALE = 0.78;
/** iOS rounds the corners itself and shows black behind transparency. */
const APPLE_TOUCH_CONTENT_SCALE = 0.9;

type Output = {
  /** Path relative to the repository, as printed. */
  file: string;
  /** Files the output is made from. */
  inputs: string[];
  render: () => Promise<Buffer>;
};

const force = process.argv.includes('--force');
const started = performance.now();
function mtime(file: string): number {
  return statSync(file).mtimeMs;
}

function sourceOf(key: ImageKey): string {
  const photos = PHOTO_EXTENSIONS.map((ext) => join(PHOTO_DIR, `${key}.${ext}`)).filter((file) =>
    existsSync(file),
  );
  if (photos.length > 1) console.warn(`! ${key}: several photos, using ${relative(ROOT, photos[0] ?? '')}`);
  const photo = photos[0];
  if (photo) return photo;
  const art = join(ART_DIR, `${key}.svg`);
  if (!existsSync(art))
    throw new Error(`${key}: neither a photo in ${relative(ROOT, PHOTO_DIR)} nor ${relative(ROOT, art)}`);
  return art;
}

/** A source's identity: a different file, size or date means the outputs are stale. */
function sourceStamp(file: string): string {
  const { size, mtimeMs } = statSync(file);
  return `${relative(ROOT, file)}:${size}:${Math.round(mtimeMs)}`;
}

function isUpToDate(output: Output): boolean {
  const target = join(ROOT, output.file);
  if (force || !existsSync(target)) return false;
  const built = mtime(target);
  return [...output.inputs, ...BUILD_INPUTS].every((input) => mtime(input) < built);
}

/** Writes next to the target and renames, so an interrupted run never leaves a half file that looks fresh. */
function writeAtomically(target: string, data: Buffer): void {
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, target);
}

/** Draws a source (photo or SVG) at exactly width x height, cropped to the shape from the centre. */
async function renderSource(source: string, width: number, height: number): Promise<Buffer> {
  if (!source.endsWith('.svg')) {
    const sharp = await loadSharp();
    const { width: photoWidth = 0 } = await sharp(source).metadata();
    if (photoWidth < width)
      console.warn(`! ${relative(ROOT, source)} is ${photoWidth}px wide; ${width}px or more looks sharper`);
  }
  return (await images()).drawMaster(source, width, height);
}

/** One drawing per source and size, shared by every output that needs it. */
const masters = new Map<string, Promise<Buffer>>();
function masterOf(source: string, width: number, height: number): Promise<Buffer> {
  const id = `${source}@${width}x${height}`;
  let master = masters.get(id);
  if (!master) {
    master = renderSource(source, width, height);
    masters.set(id, master);
  }
  return master;
}

function imageOutputs(key: ImageKey, source: string): Output[] {
  const { widths } = imageSpecs[key];
  const largest = widths.at(-1) ?? 0;
  // The others take images.ts's encoding, as the owner's photos do.
  const encoding = key === 'hero' ? HERO_ENCODING : undefined;
  return widths.flatMap((width) =>
    FORMATS.map((format) => ({
      file: relative(ROOT, join(OUT_DIR, `${key}-${width}.${format}`)),
      inputs: [source],
      render: async () =>
        (await images()).encodeImage(
          await masterOf(source, largest, heightAt(key, largest)),
          width,
          heightAt(key, width),
          format,
          encoding,
        ),
    })),
  );
}

/** The favicon's drawing, re-framed on a full-bleed brand square (maskable and Apple icons). */
function framedFavicon(scale: number): Buffer {
  const svg = readFileSync(FAVICON, 'utf8');
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const viewBox =
    /viewBox="([^"]+)"/
      .exec(root)?.[1]
      ?.split(/[\s,]+/)
      .map(Number) ?? [];
  const [x = 0, y = 0, w = 64, h = 64] = viewBox;
  const inner = svg.slice(svg.indexOf(root) + root.length, svg.lastIndexOf('</svg>'));
  const cx = x + w / 2;
  const cy = y + h / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}" width="${w}" height="${h}">` +
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${BRAND_BACKGROUND}"/>` +
      `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})">${inner}</g></svg>`,
  );
}

async function svgToPng(svg: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const drawnWidth = (await sharp(svg).metadata()).width ?? size;
  return sharp(svg, { density: (72 * size) / drawnWidth })
    .resize(size, size)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

function publicOutputs(heroSource: string): Output[] {
  const icon = (file: string, size: number, svg: () => Buffer): Output => ({
    file: relative(ROOT, join(PUBLIC_DIR, file)),
    inputs: [FAVICON],
    render: () => svgToPng(svg(), size),
  });
  return [
    {
      file: relative(ROOT, join(PUBLIC_DIR, 'og-image.jpg')),
      inputs: [heroSource, FAVICON],
      render: async () => {
        const sharp = await loadSharp();
        const { width, height } = OG_SIZE;
        const hero = await renderSource(heroSource, width, height);
        const monogram = await svgToPng(readFileSync(FAVICON), OG_MONOGRAM.size);
        return sharp(hero)
          .composite([
            { input: monogram, left: OG_MONOGRAM.left, top: Math.round((height - OG_MONOGRAM.size) / 2) },
          ])
          .jpeg({ quality: 82, progressive: true, mozjpeg: true })
          .toBuffer();
      },
    },
    icon('icon-192.png', 192, () => readFileSync(FAVICON)),
    icon('icon-512.png', 512, () => readFileSync(FAVICON)),
    icon('icon-maskable-512.png', 512, () => framedFavicon(MASKABLE_CONTENT_SCALE)),
    icon('apple-touch-icon.png', 180, () => framedFavicon(APPLE_TOUCH_CONTENT_SCALE)),
  ];
}

/**
 * Removes generated files no key or width asks for any more, so Vite does not bundle them.
 * Folders belong to other build steps (fonts/ is scripts/build-fonts.ts's).
 */
function pruneStale(expected: Set<string>): string[] {
  if (!existsSync(OUT_DIR)) return [];
  const removed: string[] = [];
  const files = readdirSync(OUT_DIR, { withFileTypes: true }).filter((entry) => entry.isFile());
  for (const { name } of files) {
    const file = relative(ROOT, join(OUT_DIR, name));
    if (file === relative(ROOT, SOURCES_FILE) || expected.has(file)) continue;
    unlinkSync(join(OUT_DIR, name));
    removed.push(file);
  }
  return removed;
}

/** Photos whose name matches no key are most likely typos: say so instead of ignoring them. */
function warnAboutUnknownPhotos(): void {
  if (!existsSync(PHOTO_DIR)) return;
  const known = new Set<string>(imageKeys);
  for (const name of readdirSync(PHOTO_DIR)) {
    const match = /^(.+)\.([a-z]+)$/i.exec(name);
    if (!match || name.startsWith('.') || name === 'README.md') continue;
    const [, key = '', ext = ''] = match;
    const isPhoto = (PHOTO_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
    if (!isPhoto || !known.has(key))
      console.warn(`! ${relative(ROOT, join(PHOTO_DIR, name))} matches no image key; see the README there`);
  }
}

async function main(): Promise<void> {
  warnAboutUnknownPhotos();
  const previousSources: Record<string, string> = existsSync(SOURCES_FILE)
    ? (JSON.parse(readFileSync(SOURCES_FILE, 'utf8')) as Record<string, string>)
    : {};
  const sources = Object.fromEntries(imageKeys.map((key) => [key, sourceOf(key)])) as Record<
    ImageKey,
    string
  >;
  const stamps = Object.fromEntries(imageKeys.map((key) => [key, sourceStamp(sources[key])]));

  const outputs = [
    ...imageKeys.flatMap((key) =>
      imageOutputs(key, sources[key]).map((output) => ({
        output,
        sameSource: previousSources[key] === stamps[key],
      })),
    ),
    ...publicOutputs(sources.hero).map((output) => ({
      output,
      sameSource: previousSources[output.file] === output.inputs.map(sourceStamp).join('|'),
    })),
  ];
  const removed = pruneStale(
    new Set(outputs.map(({ output }) => output.file).filter((file) => file.startsWith('web/src'))),
  );
  const pending = outputs
    .filter(({ output, sameSource }) => !(sameSource && isUpToDate(output)))
    .map(({ output }) => output);

  // Two at a time: libvips and the AVIF encoder already use every core for each image.
  const queue = [...pending];
  const worker = async (): Promise<void> => {
    for (let output = queue.shift(); output; output = queue.shift()) {
      writeAtomically(join(ROOT, output.file), await output.render());
    }
  };
  await Promise.all([worker(), worker()]);

  const nextSources: Record<string, string> = { ...stamps };
  for (const { output } of outputs) {
    if (output.file.startsWith('web/public'))
      nextSources[output.file] = output.inputs.map(sourceStamp).join('|');
  }
  if (JSON.stringify(nextSources) !== JSON.stringify(previousSources)) {
    writeAtomically(SOURCES_FILE, Buffer.from(`${JSON.stringify(nextSources, null, 2)}\n`));
  }

  const totalBytes = outputs.reduce((sum, { output }) => sum + statSync(join(ROOT, output.file)).size, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `images: ${outputs.length} files (${pending.length} written, ${outputs.length - pending.length} up to date` +
      `${removed.length ? `, ${removed.length} stale removed` : ''}), ${(totalBytes / 1024).toFixed(0)} KiB in total, ${seconds} s`,
  );
  const heroSizes = imageSpecs.hero.widths.map((width) => {
    const bytes = statSync(join(OUT_DIR, `hero-${width}.avif`)).size;
    const budget = HERO_AVIF_BUDGET[width];
    if (budget && bytes > budget)
      console.warn(`! hero-${width}.avif is ${bytes} bytes, over its ${budget}-byte budget`);
    return `${width}w ${(bytes / 1024).toFixed(1)} KiB`;
  });
  console.log(`hero avif: ${heroSizes.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(`✖ images: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
