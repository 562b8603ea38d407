/**
 * The owner's content as a page renders it: the prerender (the build, or a publish in the
 * functions) names the content before it renders any page (`renderContent`), and the pages read it
 * through the accessors below and through catalogue.ts, product-details.ts, faqs.ts,
 * testimonials.ts and site.ts, which keep the shapes the pages always used. Its data is the
 * owner's (functions/src/contract/site/site-content.ts: the Site part's drafts, the live site's last
 * publish, or the committed seed); layout, routes and the spec's fixed texts stay in code.
 *
 * No page reads it in the browser: an island that needs content gets it from the page it wakes in.
 */
import type { SiteContent } from '@contract/site/site-content';

let current: SiteContent | undefined;

/** Every page rendered from now on shows this content. */
export function renderContent(content: SiteContent): void {
  current = content;
}

/** Whether a render has named the content: the prerender and the tests have; a browser never has. */
export function hasSiteContent(): boolean {
  return current !== undefined;
}

export function siteContent(): SiteContent {
  if (!current) throw new Error('No site content to render: the prerender names it first (renderContent).');
  return current;
}

export const siteFacts = () => siteContent().siteFacts;
export const tradeTerms = () => siteContent().tradeTerms;
