/**
 * Per-page <head>: title, description, canonical URL, Open Graph / Twitter card and JSON-LD.
 * Pages declare their head with `usePageHead`; the prerender collects it into static HTML and the
 * browser updates document.head on client-side navigation.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { site } from '../../content/site';

export type PageHead = {
  title: string;
  description: string;
  /** Canonical path on the site, e.g. /products/description/machine-weft */
  path: string;
  ogType?: 'website' | 'product' | 'article';
  /**
   * Structured data, written into the prerendered HTML only: pages build it under
   * `import.meta.env.SSR`, so its code never reaches the browser (crawlers read each URL's HTML).
   */
  jsonLd?: object[];
  /** Pages that must stay out of search results (the not-found page). */
  noindex?: boolean;
};

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

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
  const serialized = JSON.stringify(head);
  useEffect(() => {
    applyPageHead(JSON.parse(serialized) as PageHead);
  }, [serialized]);
}

type MetaTag = { attr: 'name' | 'property'; key: string; content: string };

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
export const serializeJsonLd = (data: object[]) =>
  JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');

const JSON_LD_ID = 'page-structured-data';

/** The head as HTML, for the prerendered pages. */
export function renderPageHead(head: PageHead): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...metaTags(head).map((tag) => `<meta ${tag.attr}="${tag.key}" content="${escapeHtml(tag.content)}">`),
    `<link rel="canonical" href="${escapeHtml(absoluteUrl(head.path))}">`,
  ];
  if (head.jsonLd?.length) {
    lines.push(
      `<script type="application/ld+json" id="${JSON_LD_ID}" data-path="${escapeHtml(head.path)}">${serializeJsonLd(head.jsonLd)}</script>`,
    );
  }
  return lines.join('\n    ');
}

/** The same head applied to the live document after a client-side navigation. */
export function applyPageHead(head: PageHead): void {
  document.title = head.title;
  const managed = new Set<Element>();
  for (const tag of metaTags(head)) {
    let element = document.head.querySelector(`meta[${tag.attr}="${tag.key}"]`);
    if (!element) {
      element = document.createElement('meta');
      element.setAttribute(tag.attr, tag.key);
      document.head.append(element);
    }
    element.setAttribute('content', tag.content);
    managed.add(element);
  }
  const robots = document.head.querySelector('meta[name="robots"]');
  if (robots && !managed.has(robots)) robots.remove();

  let canonical = document.head.querySelector('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    document.head.append(canonical);
  }
  canonical.setAttribute('href', absoluteUrl(head.path));

  // The structured data comes with the prerendered HTML (the browser never builds it): it stays
  // while the page it describes is shown and goes when the visitor moves to another page.
  const jsonLd = document.getElementById(JSON_LD_ID);
  if (jsonLd && jsonLd.dataset.path !== head.path) jsonLd.remove();
}
