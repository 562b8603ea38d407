/**
 * Every public page's address (spec section 2). A leaf module: it imports nothing, so the route
 * table, the pages, the features and the prerender can all use it without forming a circle. The
 * sales inbox's address is the contract's INBOX_PATH (@contract/inbox-address), which the functions
 * write into their links.
 */
export const HOME_PATH = '/home';
export const PRODUCTS_PATH = '/products';
export const PRODUCT_DESCRIPTION_PATH = '/products/description';
export const ENQUIRY_PATH = '/enquiry';
export const ABOUT_PATH = '/about';
export const PRIVACY_PATH = '/privacy-policy';
export const TERMS_PATH = '/terms-conditions';

export const productPath = (slug: string) => `${PRODUCT_DESCRIPTION_PATH}/${slug}`;

export type RouteParams = { slug?: string };
export type PageProps = { params: RouteParams };
