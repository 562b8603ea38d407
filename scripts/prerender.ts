/**
 * Renders every route of the built site to static HTML (vite build → vite build --ssr → this
 * script): each page gets its own <head>, its text before any JavaScript runs, preloads for its
 * fonts, and a boot script that loads its code after the first paint; the browser then hydrates
 * it. Also writes 404.html, sitemap.xml, robots.txt and the web app manifest.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minifySync } from 'vite';
import { ROOT } from './lib/emulator-env.ts';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = typeof import('../web/src/entry-server.tsx');

export const SITE_DIR = join(ROOT, 'dist', 'site');
const SERVER_ENTRY = join(ROOT, '.ssr', 'entry-server.js');
/** Vite's index.html, kept aside because index.html itself is replaced by the home page. */
const TEMPLATE = join(ROOT, '.ssr', 'template.html');
const PLACEHOLDERS = ['<!--page-head-->', '<!--page-html-->'];

/** /home → home.html, /products/description/x → products/description/x.html (hosting cleanUrls). */
export const fileForPath = (path: string) => join(SITE_DIR, `${path.replace(/^\//, '')}.html`);

/** The built files of these sources and everything they import, in order, the entry first. */
function chunkFiles(manifest: Manifest, sources: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: check the route's chunks in routes.ts.`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  return [...files].map((file) => `/${file}`);
}

/**
 * The page's code starts downloading once the first content is painted, so on a slow connection
 * the HTML, CSS, fonts and hero image have the bandwidth to themselves until the page is on
 * screen; hydration follows. One small external file (the Content-Security-Policy allows no inline
 * script) adds the entry module and preloads the page's chunks listed in data-modules.
 *
 * Until the code arrives a visitor can already type into a prerendered form; the boot script
 * notes which of its fields they leave, so the form validates those as soon as it takes over.
 */
const bootScript = (leftControlsGlobal: string) => `(function () {
  var left = (window.${leftControlsGlobal} = []);
  document.addEventListener(
    'focusout',
    function (event) {
      var control = event.target;
      if (control && control.form && control.id && left.indexOf(control.id) < 0) left.push(control.id);
    },
    true
  );
  var modules = document.currentScript.getAttribute('data-modules').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (url, index) {
      var element = document.createElement(index === 0 ? 'script' : 'link');
      if (index === 0) {
        element.type = 'module';
        element.src = url;
      } else {
        element.rel = 'modulepreload';
        element.href = url;
      }
      document.head.appendChild(element);
    });
  }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    start();
  }
  // Without paint timing (or in a background tab), start anyway.
  setTimeout(start, 1500);
})();
`;

function writeBootScript(leftControlsGlobal: string): string {
  // Minified like the rest of the site's code: it is on every page's critical path.
  const source = minifySync('boot.js', bootScript(leftControlsGlobal), { compress: true, mangle: true }).code;
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const file = `/assets/boot-${hash}.js`;
  writeFileSync(join(SITE_DIR, file), source);
  return file;
}

/** Vite's template without its own module script and preloads: the boot script loads those. */
function pageTemplate(): string {
  const built = readFileSync(join(SITE_DIR, 'index.html'), 'utf8');
  if (PLACEHOLDERS.every((placeholder) => built.includes(placeholder))) writeFileSync(TEMPLATE, built);
  if (!existsSync(TEMPLATE)) throw new Error('No page template: run vite build first.');
  const template = readFileSync(TEMPLATE, 'utf8')
    .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (/<script type="module"|modulepreload/.test(template))
    throw new Error('index.html has scripts the boot does not load.');
  return template;
}

function fontPreloads(): string[] {
  return readdirSync(join(SITE_DIR, 'assets'))
    .filter((file) => file.endsWith('.woff2'))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`);
}

function sitemap(siteUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function webManifest(site: ServerEntry['site']): string {
  const manifest = {
    name: `${site.companyName} | Indian Human Hair Extensions`,
    short_name: site.companyName,
    description: site.tagline,
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: '#fdfaf4',
    theme_color: '#2a1420',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function main() {
  const started = performance.now();
  const template = pageTemplate();
  const manifest = JSON.parse(readFileSync(join(SITE_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const server = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerEntry;
  const fonts = fontPreloads();
  const boot = writeBootScript(server.LEFT_CONTROLS_GLOBAL);

  async function writePage(path: string, file: string) {
    const { html, head } = await server.renderPage(path);
    const modules = chunkFiles(manifest, ['index.html', ...(server.matchPage(path)?.route.chunks ?? [])]);
    const headHtml = [
      server.renderPageHead(head),
      ...fonts,
      `<script defer src="${boot}" data-modules="${modules.join(' ')}"></script>`,
    ].join('\n    ');
    const page = template.replace(PLACEHOLDERS[0] ?? '', headHtml).replace(PLACEHOLDERS[1] ?? '', html);
    if (PLACEHOLDERS.some((placeholder) => page.includes(placeholder))) {
      throw new Error(`${path}: the template placeholders were not replaced.`);
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
  }

  for (const path of [...server.sitePaths, ...server.privatePaths]) await writePage(path, fileForPath(path));
  await writePage(server.NOT_FOUND_PATH, join(SITE_DIR, '404.html'));
  // Hosting redirects / to /home; a host without that redirect still shows the home page.
  await writePage('/home', join(SITE_DIR, 'index.html'));

  writeFileSync(join(SITE_DIR, 'sitemap.xml'), sitemap(server.site.siteUrl, server.sitePaths));
  writeFileSync(
    join(SITE_DIR, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${server.site.siteUrl}/sitemap.xml\n`,
  );
  writeFileSync(join(SITE_DIR, 'manifest.webmanifest'), webManifest(server.site));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `✓ prerendered ${server.sitePaths.length} pages, ${server.privatePaths.length} private + 404 in ${seconds} s`,
  );
}

await main();
