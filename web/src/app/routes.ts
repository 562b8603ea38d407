/**
 * The site's routes (spec section 2), for the build: each page is rendered to its own HTML file
 * (the prerender), and the browser never routes (a link opens the next page's HTML).
 */
import { INBOX_PATH } from '@contract/inbox/inbox-address';
import type { ComponentType } from 'react';
import {
  ABOUT_PATH,
  ENQUIRY_PATH,
  HOME_PATH,
  PRIVACY_PATH,
  PRODUCT_DESCRIPTION_PATH,
  PRODUCTS_PATH,
  TERMS_PATH,
  type PageProps,
  type RouteParams,
} from '../config/paths';
import AboutPage from './pages/about-page';
import EnquiryPage from './pages/enquiry-page';
import HomePage from './pages/home-page';
import InboxPage from './pages/inbox-page';
import PrivacyPage from './pages/privacy-page';
import ProductDescriptionPage from './pages/product-description-page';
import ProductsPage from './pages/products-page';
import TermsPage from './pages/terms-page';

type PageRoute = {
  path: string;
  page: ComponentType<PageProps>;
  /**
   * Source files (relative to web/) whose code the page fetches as soon as its islands wake,
   * beyond the islands themselves: the prerender preloads them.
   */
  preload?: string[];
  match: (pathname: string) => RouteParams | null;
  /** The page brings its own header and no public navigation, footer or chat button (the sales inbox). */
  ownChrome?: boolean;
  /**
   * How many of <main>'s blocks a first screen of the page can show, when fewer than most pages'
   * (renderer/critical-path.ts): the rules of the later ones stay out of its inline CSS.
   */
  firstScreenBlocks?: number;
};

const exact = (path: string, page: ComponentType<PageProps>, preload?: string[]): PageRoute => ({
  path,
  page,
  preload,
  match: (pathname) => (pathname === path ? {} : null),
});

/** The form's own code, which the enquiry page's form fetches as it wakes at load. */
const ENQUIRY_FORM_CODE = ['src/features/enquiry/enquiry-schema.ts', 'src/features/enquiry/enquiry-form.tsx'];

const pageRoutes: PageRoute[] = [
  exact(HOME_PATH, HomePage),
  // The page's hero and its catalogue, which is taller than any screen: its FAQ shows on none.
  { ...exact(PRODUCTS_PATH, ProductsPage), firstScreenBlocks: 2 },
  exact(PRODUCT_DESCRIPTION_PATH, ProductDescriptionPage),
  {
    path: `${PRODUCT_DESCRIPTION_PATH}/:slug`,
    page: ProductDescriptionPage,
    match: (pathname) => {
      const prefix = `${PRODUCT_DESCRIPTION_PATH}/`;
      if (!pathname.startsWith(prefix)) return null;
      const slug = pathname.slice(prefix.length);
      return /^[a-z0-9-]+$/.test(slug) ? { slug } : null;
    },
  },
  exact(ABOUT_PATH, AboutPage),
  exact(ENQUIRY_PATH, EnquiryPage, ENQUIRY_FORM_CODE),
  exact(PRIVACY_PATH, PrivacyPage),
  exact(TERMS_PATH, TermsPage),
  {
    path: INBOX_PATH,
    page: InboxPage,
    // One page for the list and for each enquiry's own address (/inbox/<collection>/<id>).
    match: (pathname) => (pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`) ? {} : null),
    ownChrome: true,
  },
];

/** Trailing slashes are the same page (hosting redirects them too). */
const normalisePathname = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;

export function matchPage(pathname: string): { route: PageRoute; params: RouteParams } | null {
  const path = normalisePathname(pathname);
  for (const route of pageRoutes) {
    const params = route.match(path);
    if (params) return { route, params };
  }
  return null;
}
