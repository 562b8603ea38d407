/**
 * Per-page <head>: title, description, canonical URL, Open Graph / Twitter card and JSON-LD.
 * Pages declare their head with `usePageHead`; the prerender collects it into each page's static
 * HTML (every page is its own document: the browser never changes the head).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { site } from '../../content/site';

export type PageHead = {
  title: string;
  description: string;
  /** Canonical path on the site, e.g. /products/description/machine-weft */
  path: string;
  ogType?: 'website' | 'product' | 'article';
  /** Structured data, written into the prerendered HTML (crawlers read each URL's HTML). */
  jsonLd?: object[];
  /** Pages that must stay out of search results (the not-found page). */
  noindex?: boolean;
};

const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const absoluteUrl = (path: string) => `${site.siteUrl}${path}`;

/** Receives the page's head while it renders on the server. */
export type CollectHead = (head: PageHead) => void;
const HeadCollectorContext = createContext<CollectHead | null>(null);

export function HeadCollectorProvider({
  collect,
  children,
}: {
  collect: CollectHead | null;
  children: ReactNode;
}) {
  return <HeadCollectorContext value={collect}>{children}</HeadCollectorContext>;
}

export function usePageHead(head: PageHead): void {
  useContext(HeadCollectorContext)?.(head);
}

type MetaTag = { attr: 'name' | 'property'; key: string; content: string };

/**
 * Every tag of a page's head, in document order, as the prerender writes it (`renderPageHead`).
 */
type HeadTag =
  | { kind: 'title'; text: string }
  | ({ kind: 'meta' } & MetaTag)
  | { kind: 'canonical'; href: string }
  | { kind: 'json-ld'; path: string; json: string };

function headTags(head: PageHead): HeadTag[] {
  const tags: HeadTag[] = [
    { kind: 'title', text: head.title },
    ...metaTags(head).map((tag) => ({ kind: 'meta' as const, ...tag })),
    { kind: 'canonical', href: absoluteUrl(head.path) },
  ];
  if (head.jsonLd?.length)
    tags.push({ kind: 'json-ld', path: head.path, json: serializeJsonLd(head.jsonLd) });
  return tags;
}

function metaTags(head: PageHead): MetaTag[] {
  const url = absoluteUrl(head.path);
  const image = absoluteUrl(site.metaImagePath);
  const tags: MetaTag[] = [
    { attr: 'name', key: 'description', content: head.description },
    { attr: 'property', key: 'og:type', content: head.ogType ?? 'website' },
    { attr: 'property', key: 'og:site_name', content: site.companyName },
    { attr: 'property', key: 'og:title', content: head.title },
    { attr: 'property', key: 'og:description', content: head.description },
    { attr: 'property', key: 'og:url', content: url },
    { attr: 'property', key: 'og:image', content: image },
    { attr: 'property', key: 'og:image:width', content: String(OG_IMAGE_SIZE.width) },
    { attr: 'property', key: 'og:image:height', content: String(OG_IMAGE_SIZE.height) },
    { attr: 'property', key: 'og:locale', content: 'en_IN' },
    { attr: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attr: 'name', key: 'twitter:title', content: head.title },
    { attr: 'name', key: 'twitter:description', content: head.description },
    { attr: 'name', key: 'twitter:image', content: image },
  ];
  if (head.noindex) tags.push({ attr: 'name', key: 'robots', content: 'noindex' });
  return tags;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script> must not be able to close the element. */
const serializeJsonLd = (data: object[]) =>
  JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');

const JSON_LD_ID = 'page-structured-data';

/** The head as HTML, for the prerendered pages. */
export function renderPageHead(head: PageHead): string {
  return headTags(head)
    .map((tag) => {
      switch (tag.kind) {
        case 'title':
          return `<title>${escapeHtml(tag.text)}</title>`;
        case 'meta':
          return `<meta ${tag.attr}="${tag.key}" content="${escapeHtml(tag.content)}">`;
        case 'canonical':
          return `<link rel="canonical" href="${escapeHtml(tag.href)}">`;
        case 'json-ld':
          return `<script type="application/ld+json" id="${JSON_LD_ID}" data-path="${escapeHtml(tag.path)}">${tag.json}</script>`;
      }
    })
    .join('\n    ');
}
