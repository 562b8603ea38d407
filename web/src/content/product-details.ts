/**
 * What each product's own page says, by product slug: the description (rich text the owner wrote,
 * sanitised again when the page renders it: paragraphs, line breaks, bold and links to this site)
 * and its questions and answers.
 */
import { siteContent } from './site-content';
import type { ProductDetails } from './types';

export function detailsOf(slug: string): ProductDetails {
  const product = siteContent()
    .categories.flatMap((category) => category.products)
    .find((candidate) => candidate.slug === slug);
  if (!product) throw new Error(`No product "${slug}" in the site's content.`);
  return { productDescription: product.description, productFaqs: product.faqs };
}
