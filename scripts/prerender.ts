/**
 * Renders every route of the built site to static HTML (vite build → .ssr build → this script):
 * each page gets its own <head>, its text before any JavaScript runs, preloads for its fonts and
 * code, and the browser then hydrates it. Also writes 404.html, sitemap.xml, robots.txt and the
 * web app manifest.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/emulator-env.ts';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = typeof import('../web/src/entry-server.tsx');

export const SITE_DIR = join(ROOT, 'dist', 'site');
const SERVER_ENTRY = join(ROOT, '.ssr', 'entry-server.js');

/** /home → home.html, /products/description/x → products/description/x.html (hosting cleanUrls). */
export const fileForPath = (path: string) => join(SITE_DIR, `${path.replace(/^\//, '')}.html`);

function modulePreloads(manifest: Manifest, sources: string[], alreadyLoaded: Set<string>): string[] {
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
  return [...files]
    .filter((file) => !alreadyLoaded.has(file))
    .map((file) => `<link rel="modulepreload" href="/${file}">`);
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

async function main() {
  const started = performance.now();
  const template = readFileSync(join(SITE_DIR, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(SITE_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const server = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerEntry;
  const { site } = server;

  const loadedByTemplate = new Set(
    [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? ''),
  );
  const fonts = fontPreloads();

  async function writePage(path: string, file: string) {
    const { html, head } = await server.renderPage(path);
    const chunks = server.matchPage(path)?.route.chunks ?? [];
    const headHtml = [
      server.renderPageHead(head),
      ...fonts,
      ...modulePreloads(manifest, chunks, loadedByTemplate),
    ].join('\n    ');
    const page = template.replace('<!--page-head-->', headHtml).replace('<!--page-html-->', html);
    if (page.includes('<!--page-')) throw new Error(`${path}: the template placeholders were not replaced.`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
  }

  for (const path of server.sitePaths) await writePage(path, fileForPath(path));
  await writePage(server.NOT_FOUND_PATH, join(SITE_DIR, '404.html'));
  // Hosting redirects / to /home; hosts without that redirect still show the home page.
  await writePage('/home', join(SITE_DIR, 'index.html'));

  writeFileSync(join(SITE_DIR, 'sitemap.xml'), sitemap(site.siteUrl, server.sitePaths));
  writeFileSync(
    join(SITE_DIR, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`,
  );
  writeFileSync(
    join(SITE_DIR, 'manifest.webmanifest'),
    `${JSON.stringify(
      {
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
      },
      null,
      2,
    )}\n`,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`✓ prerendered ${server.sitePaths.length} pages + 404 in ${seconds} s`);
}

await main();
