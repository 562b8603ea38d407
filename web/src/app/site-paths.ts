/** Every URL the prerender writes and the sitemap lists (kept out of the browser bundle). */
import { categories } from '../content/catalogue';
import {
  ABOUT_PATH,
  ENQUIRY_PATH,
  HOME_PATH,
  PRIVACY_PATH,
  PRODUCT_DESCRIPTION_PATH,
  PRODUCTS_PATH,
  productPath,
  TERMS_PATH,
} from '../config/paths';

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
