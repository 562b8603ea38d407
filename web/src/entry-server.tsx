/**
 * Rendering of one URL to HTML, for the prerender (renderer/site-render.ts), which runs in the
 * build and, from the bundle the build packages with the functions, in every publish.
 */
import type { SiteContent } from '@contract/site/site-content';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { matchPage } from './app/routes';
import { loadEnquiryForm } from './features/enquiry/enquiry-form-slot';
import { renderPageHead, type PageHead } from './features/seo/page-head';
import { renderContent } from './content/site-content';

export { pathsWithSubpaths, privatePaths, sitePaths } from './app/site-paths';
export { NOT_FOUND_PATH } from './app/pages/not-found-page';
export { renderPageHead };

/**
 * The form's code is loaded first, so nothing suspends and the page comes out as plain, complete
 * HTML (no streaming scripts, which the Content-Security-Policy would block anyway).
 */
export async function renderPage(
  url: string,
  content: SiteContent,
): Promise<{ html: string; head: PageHead }> {
  await loadEnquiryForm();
  renderContent(content);
  let head: PageHead | null = null;
  const html = renderToString(<App ssrPath={url} collectHead={(pageHead) => (head = pageHead)} />);
  if (!head) throw new Error(`${url} rendered without a page head.`);
  return { html, head };
}

export { matchPage };
export { site } from './content/site';
/** What a build renders before the owner's first publish: the baseline a first publish's changes are told against. */
export { contentSeed } from './content/seed-content';
