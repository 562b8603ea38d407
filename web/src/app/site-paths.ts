/** Every URL the prerender writes and the sitemap lists (kept out of the browser bundle). */
import { categories } from '../content/catalogue';
import {
  ABOUT_PATH,
  ENQUIRY_PATH,
  HOME_PATH,
  INBOX_PATH,
  PRIVACY_PATH,
  PRODUCT_DESCRIPTION_PATH,
  PRODUCTS_PATH,
  productPath,
  TERMS_PATH,
} from './routes';

export const sitePaths: string[] = [
  HOME_PATH,
  PRODUCTS_PATH,
  PRODUCT_DESCRIPTION_PATH,
  ...categories.flatMap((category) => category.products.map((product) => productPath(product.slug))),
  ABOUT_PATH,
  ENQUIRY_PATH,
  PRIVACY_PATH,
  TERMS_PATH,
];

/** Prerendered like the others but kept out of the sitemap (and noindex): the sales inbox. */
export const privatePaths: string[] = [INBOX_PATH];
