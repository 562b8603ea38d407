/**
 * The budget a publish keeps, as the build's bench does: every public page arrives in TCP's first
 * window (ten segments of 1,460 bytes: past them the first paint waits one more round trip), counted
 * as a browser receives it, compressed, with its response headers. A page over it is refused with
 * what to shorten, in characters of a text the owner wrote on that page, found by rendering the page
 * again with that text cut until it fits.
 *
 * Compressed bytes alone let through a page that compresses well but is heavy to parse and lay out
 * (3,000 empty bold elements made an 88 KB page): every page is also held to a size before
 * compression and a number of elements, both well above what the real pages have.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { fieldLabel, sectionTitle } from '../contract/site/site-content-checks';
import {
  assembleContent,
  isSectionId,
  productsOf,
  sectionValues,
  type SiteContent,
} from '../contract/site/site-content';
import type { HostingJson } from './hosting-api';

/** TCP's first window: 10 segments of 1,460 bytes. */
export const FIRST_WINDOW_BYTES = 14_600;
/** A response's status line and the headers no rule sets (type, length, date, etag, encoding, vary). */
const BASE_HEADER_BYTES = 305;
/** A text must be this long before cutting it is worth naming. */
const SHORTENABLE = 80;

/**
 * A page's size before compression. The biggest page today, /products, is 59.4 KB (product pages
 * 40 KB): twice that leaves room for every text at its longest.
 */
export const MAX_PAGE_BYTES = 120_000;
/**
 * A page's elements: Lighthouse's line for an excessive DOM, past which a phone's every style
 * and layout pass slows. The biggest page today, /products, has 631.
 */
export const MAX_PAGE_ELEMENTS = 1_400;

export type BudgetPage = { path: string; html: string };

/**
 * The elements of a page as the browser builds them: its start tags, not counting what a script,
 * a style or a comment holds (the renderer's own markup; the owner's text reaches it escaped).
 */
export function elementCount(html: string): number {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2\s*>/gi, '$1');
  return markup.match(/<[a-zA-Z][^\s/>]*/g)?.length ?? 0;
}

const grouped = (count: number) => count.toLocaleString('en-US');

function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

/** The headers Hosting's rules give a path (lower-cased name → line): a later rule wins a header both set. */
export function headersFor(path: string, hosting: HostingJson): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of hosting.headers ?? []) {
    const matches =
      rule.regex !== undefined
        ? new RegExp(rule.regex).test(path)
        : globToRegExp(rule.source ?? rule.glob ?? '').test(path);
    if (matches)
      for (const { key, value } of rule.headers) headers.set(key.toLowerCase(), `${key}: ${value}\r\n`);
  }
  return headers;
}

/** The bytes of the headers Hosting sends with a path. */
export function headerBytes(path: string, hosting: HostingJson): number {
  return (
    BASE_HEADER_BYTES + [...headersFor(path, hosting).values()].reduce((sum, line) => sum + line.length, 0)
  );
}

/** Brotli at the quality Hosting's emulator sends (the compression middleware's 4); Hosting itself compresses harder. */
const BROTLI_QUALITY = 4;

/** A page's bytes on the wire, as the bench counts them: compressed as Chrome receives it, with its headers. */
export const wireBytes = (page: BudgetPage, hosting: HostingJson) =>
  brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length +
  headerBytes(page.path, hosting);

/** How the owner knows a page. */
function pageName(path: string, content: SiteContent): string {
  const product = productsOf(content).find((candidate) => path.endsWith(`/${candidate.slug}`));
  if (product) return `The ${product.name} page`;
  const names: Record<string, string> = {
    '/home': 'The home page',
    '/products': 'The products page',
    '/products/description': 'The first product’s page',
    '/about': 'The about page',
    '/enquiry': 'The enquiry page',
    '/privacy-policy': 'The privacy policy',
    '/terms-conditions': 'The terms and conditions',
  };
  return names[path] ?? `The page ${path}`;
}

type Field = { section: string; path: string[]; text: string };

/** Every text of the content, with where it sits. */
function textsOf(value: unknown, section: string, path: string[] = []): Field[] {
  if (typeof value === 'string') return [{ section, path, text: value }];
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      textsOf(item, section, [...path, key]),
    );
  return [];
}

function withCut(content: SiteContent, field: Field, keep: number): SiteContent {
  const values = structuredClone(sectionValues(content)) as Record<string, unknown>;
  let target = values[field.section] as Record<string, unknown>;
  for (const key of field.path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = field.path.at(-1) ?? '';
  target[last] = String(target[last]).slice(0, keep);
  return assembleContent(values);
}

/**
 * Each public page over the budget, in the owner's words: which text to shorten and by how many
 * characters (the longest text of the owner's on that page, cut until the page fits).
 */
export async function pageBudgetProblems(
  pages: BudgetPage[],
  hosting: HostingJson,
  content: SiteContent,
  renderPage: (path: string, content: SiteContent) => Promise<string>,
): Promise<string[]> {
  const problems: string[] = [];
  const allTexts = Object.entries(sectionValues(content)).flatMap(([section, value]) =>
    textsOf(value, section),
  );
  const label = (field: Field) => {
    const section = isSectionId(field.section) ? field.section : null;
    return section
      ? `${sectionTitle(section, sectionValues(content)[section])} · ${fieldLabel(section, field.path.join('.'))}`
      : field.path.join('.');
  };
  for (const page of pages) {
    const name = pageName(page.path, content);
    const onPage = allTexts.filter((field) => field.text && page.html.includes(field.text.slice(0, 40)));
    const elements = elementCount(page.html);
    if (elements > MAX_PAGE_ELEMENTS) {
      const [busiest] = onPage
        .map((field) => ({ field, elements: elementCount(field.text) }))
        .sort((a, b) => b.elements - a.elements);
      problems.push(
        busiest && busiest.elements > 0
          ? `${name} has ${grouped(elements)} elements, more than the ${grouped(MAX_PAGE_ELEMENTS)} a phone lays out quickly: its text “${label(busiest.field)}” holds ${grouped(busiest.elements)} of them (paragraphs, line breaks, bold, links); use fewer.`
          : `${name} has ${grouped(elements)} elements, more than the ${grouped(MAX_PAGE_ELEMENTS)} a phone lays out quickly: use fewer paragraphs, line breaks, bold and links in its texts.`,
      );
    }
    const size = Buffer.byteLength(page.html);
    const longestOnPage = [...onPage].sort((a, b) => b.text.length - a.text.length)[0];
    if (size > MAX_PAGE_BYTES)
      problems.push(
        `${name} is ${grouped(size)} bytes before compression, more than the ${grouped(MAX_PAGE_BYTES)} a phone reads quickly: shorten its texts${longestOnPage ? `, starting with “${label(longestOnPage)}” (${grouped(longestOnPage.text.length)} characters)` : ''}.`,
      );
    const bytes = wireBytes(page, hosting);
    if (bytes <= FIRST_WINDOW_BYTES) continue;
    const fields = onPage
      .filter((field) => field.text.length >= SHORTENABLE)
      .sort((a, b) => b.text.length - a.text.length);
    const longest = fields[0];
    const fits = async (keep: number) =>
      longest &&
      wireBytes(
        { path: page.path, html: await renderPage(page.path, withCut(content, longest, keep)) },
        hosting,
      ) <= FIRST_WINDOW_BYTES;
    if (!longest || !(await fits(0))) {
      problems.push(
        `${name} is ${bytes - FIRST_WINDOW_BYTES} bytes too heavy to load in one round trip: shorten its texts.`,
      );
      continue;
    }
    // The most of the text that still fits: cut it by the fewest characters that make the page fit.
    let low = 0;
    let high = longest.text.length;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await fits(middle)) low = middle;
      else high = middle;
    }
    const over = longest.text.length - low;
    const what = label(longest);
    problems.push(
      `${name}'s text “${what}” is ${over} characters too long to load in one round trip: shorten it by ${over} characters, or other texts on that page by as much.`,
    );
  }
  return problems;
}
