/**
 * The site's routes (spec section 2). One table serves the router, the prerender, the sitemap
 * and the browser's preloading.
 */
import {
  ABOUT_PATH,
  ENQUIRY_PATH,
  HOME_PATH,
  INBOX_PATH,
  PRIVACY_PATH,
  PRODUCT_DESCRIPTION_PATH,
  PRODUCTS_PATH,
  TERMS_PATH,
  type PageProps,
  type RouteParams,
} from '../config/paths';
import { lazyPage, type LazyPage } from './lazy-page';

const productDescriptionPage = lazyPage<PageProps>(() => import('./pages/product-description-page'));

type PageRoute = {
  path: string;
  page: LazyPage<PageProps>;
  /** Source files (relative to web/) whose code the page needs at once: the prerender preloads them. */
  chunks: string[];
  match: (pathname: string) => RouteParams | null;
  /** The page brings its own header and no public navigation, footer or chat button (the sales inbox). */
  ownChrome?: boolean;
};

const exact = (path: string, page: LazyPage<PageProps>, chunks: string[]): PageRoute => ({
  path,
  page,
  chunks,
  match: (pathname) => (pathname === path ? {} : null),
});

const PAGES_DIR = 'src/app/pages';
const ENQUIRY_FORM_CHUNK = 'src/features/enquiry/enquiry-form.tsx';

export const pageRoutes: PageRoute[] = [
  exact(
    HOME_PATH,
    lazyPage(() => import('./pages/home-page')),
    [`${PAGES_DIR}/home-page.tsx`],
  ),
  exact(
    PRODUCTS_PATH,
    lazyPage(() => import('./pages/products-page')),
    [`${PAGES_DIR}/products-page.tsx`],
  ),
  exact(PRODUCT_DESCRIPTION_PATH, productDescriptionPage, [`${PAGES_DIR}/product-description-page.tsx`]),
  {
    path: `${PRODUCT_DESCRIPTION_PATH}/:slug`,
    page: productDescriptionPage,
    chunks: [`${PAGES_DIR}/product-description-page.tsx`],
    match: (pathname) => {
      const prefix = `${PRODUCT_DESCRIPTION_PATH}/`;
      if (!pathname.startsWith(prefix)) return null;
      const slug = pathname.slice(prefix.length);
      return /^[a-z0-9-]+$/.test(slug) ? { slug } : null;
    },
  },
  exact(
    ABOUT_PATH,
    lazyPage(() => import('./pages/about-page')),
    [`${PAGES_DIR}/about-page.tsx`],
  ),
  exact(
    ENQUIRY_PATH,
    lazyPage(() => import('./pages/enquiry-page')),
    [`${PAGES_DIR}/enquiry-page.tsx`, ENQUIRY_FORM_CHUNK],
  ),
  exact(
    PRIVACY_PATH,
    lazyPage(() => import('./pages/privacy-page')),
    [`${PAGES_DIR}/privacy-page.tsx`],
  ),
  exact(
    TERMS_PATH,
    lazyPage(() => import('./pages/terms-page')),
    [`${PAGES_DIR}/terms-page.tsx`],
  ),
  {
    path: INBOX_PATH,
    page: lazyPage(() => import('./pages/inbox-page')),
    chunks: [`${PAGES_DIR}/inbox-page.tsx`],
    // One page for the list and for each enquiry's own address (/inbox/<collection>/<id>).
    match: (pathname) => (pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`) ? {} : null),
    ownChrome: true,
  },
];

/** Trailing slashes are the same page (hosting redirects them too). */
export const normalisePathname = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;

export function matchPage(pathname: string): { route: PageRoute; params: RouteParams } | null {
  const path = normalisePathname(pathname);
  for (const route of pageRoutes) {
    const params = route.match(path);
    if (params) return { route, params };
  }
  return null;
}

/**
 * A page's code is fetched when the visitor shows intent to open it (pointer over, focus on or
 * touch of a link to it), not in the first page load, so navigation is instant and the first
 * load carries only the page in view.
 */
export function preloadPageOnIntent(): void {
  const preload = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
    if (!link) return;
    const { pathname } = new URL((link as HTMLAnchorElement).href);
    // Only a head start: a failure here is retried when the page is opened.
    matchPage(pathname)
      ?.route.page.preload()
      .catch(() => undefined);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, preload, { passive: true, capture: true });
  }
}
