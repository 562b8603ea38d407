/**
 * The prerender's HTML work, as one renderer for the build (scripts/prerender.ts) and for every
 * publish (the functions load it from the bundle the build packages, scripts/package-site.ts): each
 * page of the site rendered from the owner's content, with its own <head>, its text before any
 * JavaScript runs, the CSS its first screen uses inline, a preload for its hero picture and the
 * boot script; then 404.html, sitemap.xml, robots.txt, the web app manifest, and firebase.json's
 * hosting with each page's Content-Security-Policy allowing exactly its inline style.
 *
 * It reads only the built site (the files Vite wrote, the page template, the boot script) and the
 * server bundle it is handed: no Vite, no Prettier, nothing a function cannot carry.
 */
import Beasties from 'beasties';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteContent } from '../functions/src/contract/site/site-content';
import { PHOTO_PATH_PREFIX } from '../functions/src/contract/site/site-content';
import { headersFor } from '../functions/src/site/budget';
import type { HostingJson } from '../functions/src/site/hosting-api';
import { ISLAND_ATTRIBUTES, USUAL_WAKE } from '../web/src/app/islands/islands';
import {
  firstScreenOf,
  heroPreload,
  inlineFirstScreenCss,
  inlineHash,
  withInlineHashes,
  withPagePolicies,
} from './critical-path';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;
export type ServerEntry = typeof import('../web/src/entry-server.tsx');

const PLACEHOLDERS = ['<!--page-head-->', '<!--page-html-->'];

/** The text before and after the first `marker`; a template without it is refused. */
function around(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`The page template has no ${marker}.`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * The page template with the page's head, body and boot script in place. The template is cut at
 * its own markers and the parts joined, never a string replacement: that reads `$&`, `$'`, `` $` ``
 * and `$$` in the owner's text (a price in US$) as patterns, and a marker in an earlier part could
 * be taken for the template's.
 */
export function fillPageTemplate(
  template: string,
  page: { head: string; html: string; boot: string },
): string {
  const [headMarker = '', htmlMarker = ''] = PLACEHOLDERS;
  const [beforeHead, afterHead] = around(template, headMarker);
  const [beforeHtml, afterHtml] = around(afterHead, htmlMarker);
  const bodyEnd = afterHtml.lastIndexOf('</body>');
  if (bodyEnd === -1) throw new Error('The page template has no </body>.');
  return [
    beforeHead,
    page.head,
    beforeHtml,
    page.html,
    afterHtml.slice(0, bodyEnd),
    `  ${page.boot}\n  `,
    afterHtml.slice(bodyEnd),
  ].join('');
}

/** What the renderer reads of a build: its site folder (the files Vite wrote), the page template, the boot script. */
export type SiteBuild = {
  /** dist/site, or its copy in the functions' bundle. */
  dir: string;
  /** index.html as Vite wrote it, without its module script and preloads (the boot script loads those). */
  template: string;
  /** The boot script, built and minified (scripts/prerender.ts). */
  boot: string;
  /** firebase.json as the project keeps it: its hosting gets this render's inline hashes. */
  firebaseJson: string;
};

/** A rendered site: the files a render makes (by path, `/home.html`), and firebase.json for them. */
export type RenderedSite = {
  files: Map<string, string>;
  firebaseJson: ReturnType<typeof withPagePolicies>;
  /** The site's public pages: their address and file, for the budget checks. */
  pages: { path: string; file: string }[];
  /** How many inline styles the policy allows (the build says so). */
  inlineStyles: number;
};

/** /home → /home.html, /products/description/x → /products/description/x.html (hosting cleanUrls). */
export const fileForPath = (path: string) => `${path}.html`;

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
 * Vite's page template without its own module script and module preloads: the boot script loads
 * those once the first screen is painted. The build and every publish render from this one.
 */
export function withoutViteModules(built: string): string {
  const template = built
    .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (/<script type="module"|modulepreload/.test(template))
    throw new Error('index.html has scripts the boot does not load.');
  return template;
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
    .replace(/<style>/, () => `<style>${fontFaces}`)
    .replace(/<!--noscript-(\d+)-->/g, (_, index: string) => noscripts[Number(index)] ?? '');
  if (/<link[^>]*rel="stylesheet"/.test(processed.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')))
    throw new Error('A stylesheet link is left after inlining: it would block the first paint.');
  return processed.replace(
    '</head>',
    () =>
      [...ownSheets, `<noscript><link rel="stylesheet" href="${stylesheet}"></noscript>`]
        .map((element) => `  ${element}\n`)
        .join('') + '  </head>',
  );
}

/**
 * A function behind a rewrite (`/api/reply-speed`) sends its own Cache-Control, and Hosting's
 * header rules apply to rewrites too: a rule's Cache-Control over its path would replace the
 * function's, and the CDN would ask the function on every request.
 */
export function checkFunctionsKeepTheirCache(hosting: HostingJson): void {
  for (const rewrite of hosting.rewrites ?? []) {
    const path = rewrite.source ?? rewrite.glob;
    if (rewrite.function && path && headersFor(path, hosting).has('cache-control'))
      throw new Error(
        `firebase.json gives ${path} a Cache-Control of its own: the function's answer would lose its cache. Leave it out of the rule.`,
      );
  }
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

/** Renders pages of one build from any content; `renderSite` renders them all. */
export function siteRenderer(server: ServerEntry, build: SiteBuild) {
  const manifest = JSON.parse(readFileSync(join(build.dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const linked = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(
    build.template,
  )?.[1];
  if (!linked) throw new Error('index.html links no stylesheet from /assets/.');
  const stylesheet: string = linked;
  const critical = new Beasties({
    path: build.dir,
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
  const faces = readFileSync(join(build.dir, stylesheet), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [];
  const fontFaces = faces.filter((face) => !face.includes('url(')).join('');
  if (!fontFaces) throw new Error('The stylesheet has no local font faces to inline.');

  /** One page's HTML for this content, and the CSP hash of its inline <style>. */
  async function renderPage(path: string, content: SiteContent): Promise<{ html: string; style: string }> {
    const { html, head } = await server.renderPage(path, content);
    const route = server.matchPage(path)?.route;
    const modules = pageModules(manifest, html, route?.preload ?? []);
    const headHtml = [heroPreload(html), server.renderPageHead(head)].filter(Boolean).join('\n    ');
    // Last in <body>, so it runs once the page is parsed, like a deferred script, without a request.
    const bootHtml = `<script data-style="${stylesheet}" data-modules="${modules.join(' ')}">${build.boot}</script>`;
    const page = fillPageTemplate(build.template, { head: headHtml, html, boot: bootHtml });
    const inlined = await inlineCriticalCss(critical, page, stylesheet, fontFaces, route?.firstScreenBlocks);
    const styles = [...inlined.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? '');
    const [style] = styles;
    if (style === undefined || styles.length !== 1)
      throw new Error(`${path}: expected one inline <style>, found ${styles.length}.`);
    // The server bundle names the pictures; the browser's build wrote them: the two must agree. The
    // owner's photos are the publish's to add (their files come from the photo store).
    const missing = [...inlined.matchAll(/\/assets\/[^"'\s,)]+/g)]
      .map(([url]) => url)
      .filter((url) => !url.startsWith(PHOTO_PATH_PREFIX) && !existsSync(join(build.dir, url)));
    if (missing.length) throw new Error(`${path} names files the build did not write: ${missing.join(', ')}`);
    return { html: inlined, style: inlineHash(style) };
  }

  return {
    renderPage,
    /** Every page of the site, the not-found page, the sitemap, robots.txt and the manifest. */
    async renderSite(content: SiteContent): Promise<RenderedSite> {
      const files = new Map<string, string>();
      const styleByPath = new Map<string, string>();
      for (const path of [...server.sitePaths, ...server.privatePaths]) {
        const { html, style } = await renderPage(path, content);
        files.set(fileForPath(path), html);
        styleByPath.set(path, style);
      }
      const notFound = await renderPage(server.NOT_FOUND_PATH, content);
      files.set('/404.html', notFound.html);
      // Hosting redirects / to /home; a host without that redirect still shows the home page.
      files.set('/index.html', files.get(fileForPath('/home')) ?? '');
      files.set('/sitemap.xml', sitemap(server.site.siteUrl, server.sitePaths));
      files.set('/robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${server.site.siteUrl}/sitemap.xml\n`);
      files.set('/manifest.webmanifest', webManifest(server.site));
      const inlineStyles = new Set([...styleByPath.values(), notFound.style]);
      const siteWide = withInlineHashes(build.firebaseJson, {
        scripts: [inlineHash(build.boot)],
        styles: [...inlineStyles],
      });
      const firebaseJson = withPagePolicies(
        siteWide,
        styleByPath,
        server.pathsWithSubpaths,
        server.privatePaths,
      );
      checkFunctionsKeepTheirCache(firebaseJson.hosting);
      return {
        files,
        firebaseJson,
        pages: server.sitePaths.map((path) => ({ path, file: fileForPath(path) })),
        inlineStyles: inlineStyles.size,
      };
    },
  };
}

export type SiteRenderer = ReturnType<typeof siteRenderer>;
