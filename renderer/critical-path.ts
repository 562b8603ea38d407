/**
 * What each prerendered page puts in its <head> so that its first round trip paints it: the
 * preload of its hero picture, the part of the page whose CSS comes inline, and the
 * Content-Security-Policy hashes of its inline styles.
 */
import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { STYLED_ATTRIBUTE } from '../web/src/app/boot/boot-page';

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * A preload for the page's hero: the picture whose <img> has fetchpriority="high". It repeats
 * the picture's first <source> (AVIF) exactly — type, srcset, sizes, media — so a browser that
 * would pick that source fetches the same file at once, from the head, and one that would not
 * (no AVIF) ignores the preload. Empty when the page has no hero.
 */
export function heroPreload(html: string): string {
  const hero = /<picture[^>]*>((?:(?!<\/picture>)[\s\S])*?<img[^>]*fetchpriority="high"[^>]*>)/i.exec(html);
  if (!hero) return '';
  const picture = hero[1] ?? '';
  const source = /<source[^>]*>/i.exec(picture)?.[0];
  const image = /<img[^>]*>/i.exec(picture)?.[0] ?? '';
  const chosen = source ?? image;
  const srcset = attribute(chosen, 'srcset');
  if (!srcset) return '';
  const extra = [
    ['type', attribute(chosen, 'type')],
    ['imagesrcset', srcset],
    ['imagesizes', attribute(chosen, 'sizes')],
    ['media', attribute(chosen, 'media')],
  ]
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<link rel="preload" as="image" ${extra} fetchpriority="high">`;
}

/**
 * How many of <main>'s blocks a first screen can show. Two on most pages and screens; three on the
 * home page of a tall tablet (1024 × 1366), where the product range's heading shows under the
 * banner. A page may say fewer (its route's firstScreenBlocks). tests/e2e/first-screen.test.ts
 * checks every page at phone, tablet and desktop sizes.
 */
export const FIRST_SCREEN_BLOCKS = 3;

/** Set on <html> by the boot script once the full stylesheet has loaded (or failed to). */
export { STYLED_ATTRIBUTE };

type FirstScreen = {
  /** The page without what its first screen cannot show, for finding the CSS to inline. */
  html: string;
  /**
   * A rule for the inline CSS that keeps what was left out invisible until the full stylesheet
   * is in, so nobody sees it unstyled (nor the enquiry form's trap field for bots, which only
   * that stylesheet moves out of sight); '' when nothing was left out. Without JavaScript,
   * /noscript.css shows it: the <noscript> link loads the full stylesheet.
   */
  hideRest: string;
};

/**
 * The part of a page that its first screen can show: the page without the blocks of <main> after
 * FIRST_SCREEN_BLOCKS, without the page's footer unless <main> is a single block (a short page
 * such as the 404, whose footer is on the first screen), and without its closed dialogs (a popup
 * and its form, which only a timer or a tap opens, long after the full stylesheet is in).
 */
export function firstScreenOf(html: string, firstBlocks = FIRST_SCREEN_BLOCKS): FirstScreen {
  const dom = new JSDOM(html);
  const { document } = dom.window;
  const main = document.querySelector('main');
  if (!main) throw new Error('The page has no <main>.');
  const blocks = [...main.children];
  const later = blocks.slice(firstBlocks);
  const footers = blocks.length > 1 ? document.querySelectorAll('main ~ footer') : [];
  const closedDialogs = document.querySelectorAll('dialog:not([open])');
  [...later, ...footers, ...closedDialogs].forEach((element) => element.remove());
  const selectors = [
    ...(later.length ? [`main>:nth-child(n+${firstBlocks + 1})`] : []),
    ...(footers.length ? ['main~footer'] : []),
  ].map((selector) => `:root:not([${STYLED_ATTRIBUTE}]) ${selector}`);
  return {
    html: dom.serialize(),
    hideRest: selectors.length ? `${selectors.join(',')}{visibility:hidden}` : '',
  };
}

/**
 * Minified CSS without the rules that only style a pointer over or pressing on something
 * (every selector of the rule has :hover or :active), and without the at-rules left empty. The
 * inline CSS can do without them: the full stylesheet brings them a moment after the first paint.
 */
export function withoutPointerRules(css: string): string {
  const pointerOnly = (selectors: string) =>
    selectors.split(',').every((selector) => /:(hover|active)\b/.test(selector));
  let kept = css.replace(/(?<=^|[{}])([^{}@]+)\{[^{}]*\}/g, (rule, selectors: string) =>
    pointerOnly(selectors) ? '' : rule,
  );
  for (let emptied = kept; ; kept = emptied) {
    emptied = kept.replace(/@[^{}]+\{\}/g, '');
    if (emptied === kept) return kept;
  }
}

/**
 * Minified CSS without the custom properties (`--x: …`) that neither it nor the page's own markup
 * (a style attribute) reads with var(--x), nor another kept property. The inline CSS declares the
 * design tokens its rules use; the full stylesheet declares them all again when it arrives.
 */
export function withoutUnusedProperties(css: string, markup: string): string {
  const declaration = /(?<=[{;])--([\w-]+):[^;{}]*(?:;|(?=\}))/g;
  const readsIn = (text: string) => [...text.matchAll(/var\(\s*--([\w-]+)\s*[,)]/g)].map(([, name]) => name);
  const readByMarkup = readsIn(markup);
  let kept = css;
  for (;;) {
    const read = new Set([...readsIn(kept), ...readByMarkup]);
    const pruned = kept.replace(declaration, (whole, name: string) => (read.has(name) ? whole : ''));
    if (pruned === kept) break;
    kept = pruned;
  }
  return kept.replace(/;\}/g, '}').replace(/(?<=^|\})[^{}@]+\{\}/g, '');
}

/**
 * The inline CSS of a page's first screen: without pointer-only rules, and with only the design
 * tokens it or the page's markup reads, unless something else on the page (a stylesheet of its
 * own, linked in the head) reads the tokens too.
 */
export function inlineFirstScreenCss(css: string, markup: string, { keepAllTokens = false } = {}): string {
  const kept = withoutPointerRules(css);
  return keepAllTokens ? kept : withoutUnusedProperties(kept, markup);
}

/** The CSP source that allows exactly this inline <script> or <style> element's text. */
export const inlineHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * firebase.json with its CSP allowing exactly these inline scripts and styles besides what it
 * allows already (hashes sorted, so the same build writes the same file). No 'unsafe-inline': an
 * inline script or style that this build did not write stays blocked.
 */
export function withInlineHashes(config: string, hashes: { scripts: string[]; styles: string[] }): string {
  return withHashes(withHashes(config, 'script-src', hashes.scripts), 'style-src', hashes.styles);
}

/** The text's first `directive` with exactly these hashes (sorted) and its other sources kept. */
function withHashes(text: string, directive: string, hashes: string[]): string {
  const pattern = new RegExp(`(${directive} )([^;"]*)`);
  const sources = pattern.exec(text)?.[2];
  if (sources === undefined) throw new Error(`firebase.json's CSP has no ${directive} directive.`);
  const kept = sources.split(/\s+/).filter((source) => source && !source.startsWith("'sha256-"));
  return text.replace(
    pattern,
    (_, name: string) => `${name}${[...kept, ...[...new Set(hashes)].sort()].join(' ')}`,
  );
}

/** What only a signed-in page reaches: Identity Toolkit, its token refresh, and callable functions. */
const SIGN_IN_SOURCES = new Set([
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://*.cloudfunctions.net',
]);

/** The policy with its connect-src left without SIGN_IN_SOURCES. */
function withoutSignIn(policy: string): string {
  return policy.replace(
    /(connect-src )([^;"]*)/,
    (_, directive: string, sources: string) =>
      directive +
      sources
        .split(/\s+/)
        .filter((source) => source && !SIGN_IN_SOURCES.has(source))
        .join(' '),
  );
}

type Header = { key: string; value: string };
type HeaderRule = { source?: string; regex?: string; headers: Header[] };
type HostingConfig = { hosting: { headers: HeaderRule[] } };

const CSP = 'Content-Security-Policy';
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A rule this function writes: one page policy and nothing else. */
const isPageRule = (rule: HeaderRule) => rule.headers.length === 1 && rule.headers[0]?.key === CSP;

/**
 * firebase.json with one more policy per page, after the site-wide one (Hosting applies matching
 * rules in order, the last one winning for a header both set): each page's `style-src` allows the
 * hash of its own inline <style> and no other. Least privilege, and 0.4 KB less in the response
 * that carries the first screen. Paths without a rule of their own (the not-found page of any
 * unknown address, SVGs) keep the site-wide policy, which allows every page's style. A page in
 * `withSubpaths` also answers every address below it (Hosting rewrites them to it: the inbox's
 * `/inbox/<collection>/<id>`), so its rule covers those too. Only a page in `signingIn` may reach
 * the sign-in and callable endpoints (SIGN_IN_SOURCES): a public page writes an enquiry to
 * Firestore and nothing else, and its first round trip is 106 bytes lighter for it.
 */
export function withPagePolicies(
  config: string,
  styleByPath: Map<string, string>,
  withSubpaths: readonly string[] = [],
  signingIn: readonly string[] = [],
): HostingConfig {
  const parsed = JSON.parse(config) as HostingConfig;
  const rules = parsed.hosting.headers.filter((rule) => !isPageRule(rule));
  // The pages' policy, not the one that lets nothing run for hashed assets (and their 404s).
  const siteWide = rules
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === CSP && header.value.includes('script-src'))?.value;
  if (!siteWide) throw new Error(`firebase.json has no ${CSP}.`);
  // Pages that share a style and whether they sign in share a rule.
  const pathsByPolicy = new Map<string, { style: string; signsIn: boolean; paths: string[] }>();
  for (const [path, style] of [...styleByPath].sort(([a], [b]) => a.localeCompare(b))) {
    const signsIn = signingIn.includes(path);
    const key = `${style} ${signsIn}`;
    const group = pathsByPolicy.get(key) ?? { style, signsIn, paths: [] };
    group.paths.push(path);
    pathsByPolicy.set(key, group);
  }
  const pageRules = [...pathsByPolicy.values()].map(({ style, signsIn, paths }): HeaderRule => {
    const policy = withHashes(siteWide, 'style-src', [style]);
    return {
      regex: `^(${paths
        .map((path) => `${escapeRegex(path)}${withSubpaths.includes(path) ? '(?:/.*)?' : ''}`)
        .join('|')})$`,
      headers: [{ key: CSP, value: signsIn ? policy : withoutSignIn(policy) }],
    };
  });
  return { ...parsed, hosting: { ...parsed.hosting, headers: [...rules, ...pageRules] } };
}
