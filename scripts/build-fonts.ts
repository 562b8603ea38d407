/**
 * Subsets the self-hosted font, the headings' display face (the body uses a local face:
 * web/src/styles/fonts.css), to the characters the site actually uses (every character in web/src
 * plus printable ASCII) and pins it to the one weight it is set in, so the file is as small as it
 * can be. Writes web/src/assets/generated/fonts/.
 * Incremental: does nothing when the outputs are newer than the sources.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { ROOT } from './lib/project';

const require = createRequire(import.meta.url);
const SOURCE_DIR = join(ROOT, 'web', 'src');
const OUT_DIR = join(SOURCE_DIR, 'assets', 'generated', 'fonts');

/** Heading weight used throughout the design (tokens.css: h1–h4 are 600). */
const DISPLAY_WEIGHT = 600;

const FONTS = [
  {
    out: 'display.woff2',
    source: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    axes: { wght: DISPLAY_WEIGHT },
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return /\.(tsx?|css|html)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

function siteCharacters(files: string[]): string {
  const characters = new Set<string>();
  for (let code = 0x20; code < 0x7f; code += 1) characters.add(String.fromCharCode(code));
  for (const file of files) for (const character of readFileSync(file, 'utf8')) characters.add(character);
  // Only what the Latin faces can draw; anything else (e.g. Tamil typed in a form) falls back.
  return [...characters]
    .filter((character) => /[\u0020-\u024f\u2000-\u206f\u20a0-\u20cf\u2100-\u215f]/.test(character))
    .join('');
}

const started = performance.now();
const files = sourceFiles(SOURCE_DIR);
const newestSource = Math.max(
  ...files.map((file) => statSync(file).mtimeMs),
  statSync(new URL(import.meta.url)).mtimeMs,
);
const upToDate = FONTS.every(
  ({ out }) => existsSync(join(OUT_DIR, out)) && statSync(join(OUT_DIR, out)).mtimeMs > newestSource,
);

if (upToDate) {
  console.log(`fonts: up to date (${((performance.now() - started) / 1000).toFixed(2)} s)`);
} else {
  const text = siteCharacters(files);
  mkdirSync(OUT_DIR, { recursive: true });
  const sizes: string[] = [];
  for (const font of FONTS) {
    const original = readFileSync(require.resolve(font.source));
    const subset = await subsetFont(original, text, { targetFormat: 'woff2', variationAxes: font.axes });
    writeFileSync(join(OUT_DIR, font.out), subset);
    sizes.push(
      `${font.out} ${(original.length / 1024).toFixed(1)} → ${(subset.length / 1024).toFixed(1)} KiB`,
    );
  }
  console.log(
    `fonts: ${text.length} characters; ${sizes.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
