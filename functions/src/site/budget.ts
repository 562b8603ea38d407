/**
 * The budget a publish keeps, as the build's bench does: every public page arrives in TCP's first
 * window (ten segments of 1,460 bytes: past them the first paint waits one more round trip), counted
 * as a browser receives it, compressed, with its response headers. A page over it is refused with
 * what to shorten, in characters of a text the owner wrote on that page, found by rendering the page
 * again with that text cut until it fits.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { fieldLabel, sectionTitle } from '../contract/site-content-checks';
import {
  assembleContent,
  isSectionId,
  productsOf,
  sectionValues,
  type SiteContent,
} from '../contract/site-content';
import type { HostingJson } from './hosting-api';

/** TCP's first window: 10 segments of 1,460 bytes. */
export const FIRST_WINDOW_BYTES = 14_600;
/** A response's status line and the headers no rule sets (type, length, date, etag, encoding, vary). */
const BASE_HEADER_BYTES = 305;
/** A text must be this long before cutting it is worth naming. */
const SHORTENABLE = 80;

export type BudgetPage = { path: string; html: string };

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

/** The headers Hosting sends with a path: each matching rule's, a later one winning a header both set. */
export function headerBytes(path: string, hosting: HostingJson): number {
  const headers = new Map<string, string>();
  for (const rule of hosting.headers ?? []) {
    const matches =
      rule.regex !== undefined
        ? new RegExp(rule.regex).test(path)
        : globToRegExp(rule.source ?? rule.glob ?? '').test(path);
    if (matches)
      for (const { key, value } of rule.headers) headers.set(key.toLowerCase(), `${key}: ${value}\r\n`);
  }
  return BASE_HEADER_BYTES + [...headers.values()].reduce((sum, line) => sum + line.length, 0);
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
  for (const page of pages) {
    const bytes = wireBytes(page, hosting);
    if (bytes <= FIRST_WINDOW_BYTES) continue;
    const name = pageName(page.path, content);
    const fields = Object.entries(sectionValues(content))
      .flatMap(([section, value]) => textsOf(value, section))
      .filter((field) => field.text.length >= SHORTENABLE && page.html.includes(field.text.slice(0, 40)))
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
    const section = isSectionId(longest.section) ? longest.section : null;
    const what = section
      ? `${sectionTitle(section, sectionValues(content)[section])} · ${fieldLabel(section, longest.path.join('.'))}`
      : longest.path.join('.');
    problems.push(
      `${name}'s text “${what}” is ${over} characters too long to load in one round trip: shorten it by ${over} characters, or other texts on that page by as much.`,
    );
  }
  return problems;
}
