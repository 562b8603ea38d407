/**
 * Packages what a publish needs with the functions (`npm run build:functions`, after the site's
 * build): the renderer (renderer/site-bundle.ts and site-render.ts, bundled into one module; its
 * packages, Beasties and jsdom, are the functions' dependencies), the server bundle (.ssr), the page
 * template and boot script, firebase.json as the build left it, and the built site (dist/site). So a
 * publish renders with exactly the code, markup and stylesheet of the deployed build.
 *
 *   functions/lib/site-bundle/{renderer.mjs, server/, site/, template.html, boot.js, firebase.json}
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT } from './lib/project';
import { SITE_BUNDLE_LAYOUT } from '../renderer/site-bundle';
import { withoutViteModules } from '../renderer/site-render';

export const SITE_BUNDLE_DIR = join(ROOT, 'functions', 'lib', 'site-bundle');
const SSR_DIR = join(ROOT, '.ssr');
const SITE_DIR = join(ROOT, 'dist', 'site');

const missing = [
  join(SSR_DIR, 'entry-server.js'),
  join(SSR_DIR, 'boot.js'),
  join(SITE_DIR, '.vite', 'manifest.json'),
].filter((needed) => !existsSync(needed));
if (missing.length) {
  // `npm run dev` builds the functions without the site: it runs, but cannot publish.
  console.warn(
    `! no site bundle for the functions (${missing.join(', ')} missing): publishing needs npm run build.`,
  );
  process.exit(0);
}

const started = performance.now();
rmSync(SITE_BUNDLE_DIR, { recursive: true, force: true });
mkdirSync(SITE_BUNDLE_DIR, { recursive: true });
await build({
  configFile: false,
  logLevel: 'warn',
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    outDir: SITE_BUNDLE_DIR,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      input: join(ROOT, 'renderer', 'site-bundle.ts'),
      output: { format: 'es', entryFileNames: SITE_BUNDLE_LAYOUT.renderer },
    },
  },
});
cpSync(SSR_DIR, join(SITE_BUNDLE_DIR, SITE_BUNDLE_LAYOUT.server), { recursive: true });
cpSync(SITE_DIR, join(SITE_BUNDLE_DIR, SITE_BUNDLE_LAYOUT.site), { recursive: true });
// The template as the build renders from it: a publish's pages load their scripts through the boot
// script after the first paint, as the build's do, never through Vite's module tags.
writeFileSync(
  join(SITE_BUNDLE_DIR, SITE_BUNDLE_LAYOUT.template),
  withoutViteModules(readFileSync(join(SSR_DIR, 'template.html'), 'utf8')),
);
cpSync(join(SSR_DIR, 'boot.js'), join(SITE_BUNDLE_DIR, SITE_BUNDLE_LAYOUT.boot));
cpSync(join(ROOT, 'firebase.json'), join(SITE_BUNDLE_DIR, SITE_BUNDLE_LAYOUT.firebaseJson));
// The functions are CommonJS; the bundle is ES modules, as Vite wrote the server bundle.
writeFileSync(join(SITE_BUNDLE_DIR, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
console.log(`✓ site bundle for the functions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
