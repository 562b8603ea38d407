/**
 * Every public page's address (spec section 2). A leaf module: it imports nothing, so the route
 * table, the pages, the features and the prerender can all use it without forming a circle. The
 * sales inbox's address is the contract's INBOX_PATH (@contract/inbox/inbox-address), which the functions
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

/** The enquiry page's query parameter that names the product an enquiry starts from (its slug). */
export const ENQUIRY_PRODUCT_PARAM = 'product';
/** The enquiry page with a product chosen: an address that survives a reload and a shared link. */
export const productEnquiryPath = (slug: string) =>
  `${ENQUIRY_PATH}?${new URLSearchParams({ [ENQUIRY_PRODUCT_PARAM]: slug })}`;

export type RouteParams = { slug?: string };
export type PageProps = { params: RouteParams };
