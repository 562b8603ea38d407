/** Every URL the prerender writes and the sitemap lists (kept out of the browser bundle). */
import { INBOX_PATH } from '@contract/inbox/inbox-address';
import { PRODUCT_SLUGS } from '@contract/base/catalogue';
import * as paths from '../config/paths';

export const sitePaths: string[] = [
  paths.HOME_PATH,
  paths.PRODUCTS_PATH,
  paths.PRODUCT_DESCRIPTION_PATH,
  ...PRODUCT_SLUGS.map(paths.productPath),
  paths.ABOUT_PATH,
  paths.ENQUIRY_PATH,
  paths.PRIVACY_PATH,
  paths.TERMS_PATH,
];

/** Prerendered like the others but kept out of the sitemap (and noindex): the sales inbox. */
export const privatePaths: string[] = [INBOX_PATH];

/** Pages that also answer every address below them (Hosting rewrites those to the page): the inbox's enquiry links. */
export const pathsWithSubpaths: string[] = [INBOX_PATH];
