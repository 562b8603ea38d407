/**
 * Renders every route of the built site to static HTML (vite build → vite build --ssr → this
 * script) with the site's content: the content documents the live site was last published from,
 * or the committed seed when there are none (scripts/lib/content-source.ts). The rendering itself is
 * renderer/site-render.ts, which every publish runs too, from the bundle the build packages with
 * the functions. This script writes its files into dist/site and keeps firebase.json's
 * Content-Security-Policy in step with the inline styles and the boot script.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minifySync } from 'vite';
import { format, resolveConfig } from 'prettier';
import { ROOT } from './lib/project';
import { buildContent } from './lib/content-source';
import { siteRenderer, withoutViteModules, type ServerEntry } from '../renderer/site-render';

const SITE_DIR = join(ROOT, 'dist', 'site');
const FIREBASE_CONFIG = join(ROOT, 'firebase.json');
const SERVER_ENTRY = join(ROOT, '.ssr', 'entry-server.js');
/** Vite's index.html, kept aside because index.html itself is replaced by the home page. */
const TEMPLATE = join(ROOT, '.ssr', 'template.html');
/** The boot script as built, kept for the functions' bundle (scripts/package-site.ts). */
export const BOOT_SCRIPT = join(ROOT, '.ssr', 'boot.js');
const PLACEHOLDERS = ['<!--page-head-->', '<!--page-html-->'];

/** Minified like the rest of the site's code: the inline scripts are on every page's critical path. */
const minified = (name: string, code: string) =>
  minifySync(name, code, { compress: true, mangle: true }).code.trim();

/**
 * The boot script (web/src/app/boot/boot-page.ts), built from its entry into one classic script:
 * it runs inline, where no module can be imported.
 */
async function bootScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      lib: { entry: join(ROOT, 'web', 'src', 'entry-boot.ts'), formats: ['iife'], name: 'smeBoot' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk =
    output && 'output' in output ? output.output.find((item) => item.type === 'chunk') : undefined;
  if (!chunk) throw new Error('The boot script did not build.');
  return minified('boot.js', chunk.code);
}

/** Vite's template without its own module script and preloads: the boot script loads those. */
function pageTemplate(): string {
  const built = readFileSync(join(SITE_DIR, 'index.html'), 'utf8');
  if (PLACEHOLDERS.every((placeholder) => built.includes(placeholder))) writeFileSync(TEMPLATE, built);
  if (!existsSync(TEMPLATE)) throw new Error('No page template: run vite build first.');
  return withoutViteModules(readFileSync(TEMPLATE, 'utf8'));
}

async function main() {
  const started = performance.now();
  const template = pageTemplate();
  const boot = await bootScript();
  writeFileSync(BOOT_SCRIPT, boot);
  const server = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerEntry;
  const config = readFileSync(FIREBASE_CONFIG, 'utf8');
  const { content, from, photos } = await buildContent();
  const rendered = await siteRenderer(server, {
    dir: SITE_DIR,
    template,
    boot,
    firebaseJson: config,
  }).renderSite(content);
  for (const [path, text] of rendered.files) {
    const file = join(SITE_DIR, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  for (const [path, data] of photos) {
    const file = join(SITE_DIR, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, data);
  }
  const updated = await format(JSON.stringify(rendered.firebaseJson), {
    ...(await resolveConfig(FIREBASE_CONFIG)),
    filepath: FIREBASE_CONFIG,
  });
  if (updated !== config) {
    writeFileSync(FIREBASE_CONFIG, updated);
    console.log(
      `• firebase.json: the CSP now allows this build's boot script and ${rendered.inlineStyles} inline styles, each page its own (commit it).`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `✓ prerendered ${server.sitePaths.length} pages, ${server.privatePaths.length} private + 404 from ${from} in ${seconds} s`,
  );
}

await main();
