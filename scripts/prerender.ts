/**
 * Renders every route of the built site to static HTML (vite build → vite build --ssr → this
 * script): each page gets its own <head>, its text before any JavaScript runs, the CSS its own
 * markup uses (inline, so the first round trip paints it), a preload for its hero picture, and a
 * boot script that loads the full stylesheet and the page's code once the first screen is painted;
 * in the browser, only the page's islands then take over their pieces of it. Also writes 404.html, sitemap.xml, robots.txt and the web app
 * manifest, and keeps firebase.json's Content-Security-Policy in step with the inline styles.
 */
import Beasties from 'beasties';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minifySync } from 'vite';
import { ROOT } from './lib/project.ts';
import { ISLAND_ATTRIBUTES, USUAL_WAKE } from '../web/src/app/islands/islands.ts';
import { format, resolveConfig } from 'prettier';
import {
  firstScreenOf,
  heroPreload,
  inlineFirstScreenCss,
  inlineHash,
  withInlineHashes,
  withPagePolicies,
} from './lib/critical-path.ts';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = typeof import('../web/src/entry-server.tsx');

const SITE_DIR = join(ROOT, 'dist', 'site');
const FIREBASE_CONFIG = join(ROOT, 'firebase.json');
const SERVER_ENTRY = join(ROOT, '.ssr', 'entry-server.js');
/** Vite's index.html, kept aside because index.html itself is replaced by the home page. */
const TEMPLATE = join(ROOT, '.ssr', 'template.html');
const PLACEHOLDERS = ['<!--page-head-->', '<!--page-html-->'];

/** /home → home.html, /products/description/x → products/description/x.html (hosting cleanUrls). */
const fileForPath = (path: string) => join(SITE_DIR, `${path.replace(/^\//, '')}.html`);

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

/**
 * What the boot script loads once the first screen is painted (data-modules, the entry first):
 * the browser's entry with its imports and, for each island the page wakes at load, the island's
 * own code and, when it is a React island, React and the islands' root, so that waking it waits on
 * no further request. A DOM island's code imports no React, so a page whose islands are all DOM
 * ones loads none.
 */
function pageModules(manifest: Manifest, html: string, preload: string[]): string[] {
  const entry = manifest['index.html'];
  if (!entry) throw new Error('The build manifest has no index.html entry.');
  // Each island's wake as wakeOf reads it in the browser: its data-wake, or the usual wake.
  const islands = html.matchAll(new RegExp(`<[a-z]+ ${ISLAND_ATTRIBUTES.name}="([a-z-]+)"([^>]*)>`, 'g'));
  const wakeIn = (attributes = '') =>
    new RegExp(` ${ISLAND_ATTRIBUTES.wake}="([a-z]+)"`).exec(attributes)?.[1] ?? USUAL_WAKE;
  const atLoad = [...islands]
    .filter(([, , attributes]) => wakeIn(attributes) === 'load')
    .map(([, name]) => name ?? '');
  if (!atLoad.length) return chunkFiles(manifest, ['index.html', ...preload]);
  // An island's chunk is keyed by its source (web/src/…/x-island.tsx or .ts), or by its chunk's
  // name (_x-island-<hash>.js) when the build shares it with the stylesheet's entry.
  const islandOf = (key: string) => /(?:^_|\/)([a-z-]+)-island(?:-[\w-]+\.js|\.tsx?)$/.exec(key)?.[1];
  const dynamicKeys = entry.dynamicImports ?? [];
  const runtimeKeys = dynamicKeys.filter((key) => !islandOf(key));
  const keyOf = (name: string) => {
    const key = dynamicKeys.find((candidate) => islandOf(candidate) === name);
    if (!key) throw new Error(`No island ${name} in the build manifest.`);
    return key;
  };
  // React's own files: the runtime's, less what the entry loads anyway. An island that imports
  // them is hydrated, and the runtime comes with it.
  const entryFiles = new Set(chunkFiles(manifest, ['index.html']));
  const reactFiles = new Set(chunkFiles(manifest, runtimeKeys).filter((file) => !entryFiles.has(file)));
  const hydrated = atLoad.some((name) =>
    chunkFiles(manifest, [keyOf(name)]).some((file) => reactFiles.has(file)),
  );
  return chunkFiles(manifest, [
    'index.html',
    ...(hydrated ? runtimeKeys : []),
    ...atLoad.map(keyOf),
    ...preload,
  ]);
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

/**
 * The rules of the full stylesheet that this page's markup uses, as one inline <style>, plus a
 * <noscript> link to the full stylesheet for visitors without JavaScript (the boot script loads it
 * for everyone else). Beasties matches every selector against the page, not only the first screen,
 * so what is painted before the full stylesheet arrives is laid out exactly as after it.
 */
async function inlineCriticalCss(
  critical: Beasties,
  page: string,
  stylesheet: string,
  fontFaces: string,
  firstScreenBlocks?: number,
): Promise<string> {
  const link = `<link rel="stylesheet" crossorigin href="${stylesheet}">`;
  if (!page.includes(link)) throw new Error(`The page does not link ${stylesheet} as Vite wrote it.`);
  // A page's own stylesheet that React hoists (<link precedence>, only the sales inbox has one)
  // stays a stylesheet link, in the head, outside Beasties: that page is private and signed in,
  // and the inbox's rules must be there before it shows.
  const ownSheets: string[] = [];
  const withoutOwn = page.replace(/<link rel="stylesheet"[^>]*data-precedence="[^"]*"\/?>/g, (element) => {
    ownSheets.push(element.replace(/\/>$/, '>'));
    return '';
  });
  // Beasties reads <noscript> content as markup; keep the template's own noscript out of its way.
  const noscripts: string[] = [];
  const kept = withoutOwn.replace(/<noscript>[\s\S]*?<\/noscript>/g, (element) => {
    noscripts.push(element);
    return `<!--noscript-${noscripts.length - 1}-->`;
  });
  // The inline CSS is what the first screen needs; the rest of the page waits for the stylesheet.
  const firstScreen = firstScreenOf(kept, firstScreenBlocks);
  const firstScreenCss = /<style>([\s\S]*?)<\/style>/.exec(await critical.process(firstScreen.html))?.[1];
  if (!firstScreenCss) throw new Error('Beasties found no CSS for the first screen.');
  // The page itself is Beasties' rewrite of the whole page (its markup is written out again, SVG
  // children closed with "/>", shorter than React's); only its <style> gives way to the first screen's.
  // A page's own stylesheet reads the design tokens too: that page keeps them all inline.
  const processed = (await critical.process(kept))
    .replace(
      /<style>[\s\S]*?<\/style>/,
      () =>
        `<style>${inlineFirstScreenCss(firstScreenCss, kept, { keepAllTokens: ownSheets.length > 0 })}${firstScreen.hideRest}</style>`,
    )
    .replace(/\s*<link rel="stylesheet" crossorigin href="[^"]+">(?=\s*<\/body>)/, '')
    .replace(' data-beasties-container', '')
    // The local fallback faces, metric-matched to the web fonts, come inline: every page uses them
    // (Beasties cannot see font families through var()). The web fonts' own faces come with the
    // full stylesheet after the first screen is painted, so no font download can delay it.
    .replace(/<style>/, `<style>${fontFaces}`)
    .replace(/<!--noscript-(\d+)-->/g, (_, index: string) => noscripts[Number(index)] ?? '');
  if (/<link[^>]*rel="stylesheet"/.test(processed.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')))
    throw new Error('A stylesheet link is left after inlining: it would block the first paint.');
  return processed.replace(
    '</head>',
    [...ownSheets, `<noscript><link rel="stylesheet" href="${stylesheet}"></noscript>`]
      .map((element) => `  ${element}\n`)
      .join('') + '  </head>',
  );
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
  const boot = await bootScript();
  const linked = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template)?.[1];
  if (!linked) throw new Error('index.html links no stylesheet from /assets/.');
  const stylesheet: string = linked;
  const critical = new Beasties({
    path: SITE_DIR,
    publicPath: '/',
    preload: 'body',
    noscriptFallback: false,
    inlineFonts: true,
    preloadFonts: false,
    pruneSource: false,
    compress: true,
    logLevel: 'warn',
  });
  // Font faces: the web font (the headings' display face, font-display: swap) comes with the full
  // stylesheet, after the first screen is painted, so its download cannot delay it. The local
  // faces come inline: the body's, and the display face's metric-matched fallback.
  const faces = readFileSync(join(SITE_DIR, stylesheet), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [];
  const fontFaces = faces.filter((face) => !face.includes('url(')).join('');
  if (!fontFaces) throw new Error('The stylesheet has no local font faces to inline.');

  /** Writes the page; returns the CSP hash of its inline <style>. */
  async function writePage(path: string, file: string): Promise<string> {
    const { html, head } = await server.renderPage(path);
    const route = server.matchPage(path)?.route;
    const modules = pageModules(manifest, html, route?.preload ?? []);
    const headHtml = [heroPreload(html), server.renderPageHead(head)].filter(Boolean).join('\n    ');
    // Last in <body>, so it runs once the page is parsed, like a deferred script, without a request.
    const bootHtml = `<script data-style="${stylesheet}" data-modules="${modules.join(' ')}">${boot}</script>`;
    const page = template
      .replace(PLACEHOLDERS[0] ?? '', headHtml)
      .replace(PLACEHOLDERS[1] ?? '', html)
      .replace('</body>', `  ${bootHtml}\n  </body>`);
    if (PLACEHOLDERS.some((placeholder) => page.includes(placeholder))) {
      throw new Error(`${path}: the template placeholders were not replaced.`);
    }
    const inlined = await inlineCriticalCss(critical, page, stylesheet, fontFaces, route?.firstScreenBlocks);
    const styles = [...inlined.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? '');
    const [style] = styles;
    if (style === undefined || styles.length !== 1)
      throw new Error(`${path}: expected one inline <style>, found ${styles.length}.`);
    // The server bundle names the pictures; the browser's build wrote them: the two must agree.
    const missing = [...inlined.matchAll(/\/assets\/[^"'\s,)]+/g)]
      .map(([url]) => url)
      .filter((url) => !existsSync(join(SITE_DIR, url)));
    if (missing.length) throw new Error(`${path} names files the build did not write: ${missing.join(', ')}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, inlined);
    return inlineHash(style);
  }

  const styleByPath = new Map<string, string>();
  for (const path of [...server.sitePaths, ...server.privatePaths])
    styleByPath.set(path, await writePage(path, fileForPath(path)));
  const notFoundStyle = await writePage(server.NOT_FOUND_PATH, join(SITE_DIR, '404.html'));
  // Hosting redirects / to /home; a host without that redirect still shows the home page.
  await writePage('/home', join(SITE_DIR, 'index.html'));
  const inlineStyles = new Set([...styleByPath.values(), notFoundStyle]);

  writeFileSync(join(SITE_DIR, 'sitemap.xml'), sitemap(server.site.siteUrl, server.sitePaths));
  writeFileSync(
    join(SITE_DIR, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${server.site.siteUrl}/sitemap.xml\n`,
  );
  writeFileSync(join(SITE_DIR, 'manifest.webmanifest'), webManifest(server.site));
  const config = readFileSync(FIREBASE_CONFIG, 'utf8');
  const siteWide = withInlineHashes(config, {
    scripts: [inlineHash(boot)],
    styles: [...inlineStyles],
  });
  const updated = await format(
    JSON.stringify(withPagePolicies(siteWide, styleByPath, server.pathsWithSubpaths)),
    {
      ...(await resolveConfig(FIREBASE_CONFIG)),
      filepath: FIREBASE_CONFIG,
    },
  );
  if (updated !== config) {
    writeFileSync(FIREBASE_CONFIG, updated);
    console.log(
      `• firebase.json: the CSP now allows this build's boot script and ${inlineStyles.size} inline styles, each page its own (commit it).`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `✓ prerendered ${server.sitePaths.length} pages, ${server.privatePaths.length} private + 404 in ${seconds} s`,
  );
}

await main();
