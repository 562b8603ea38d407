/** schema.org JSON-LD for search engines: the business, products, FAQs and breadcrumbs. */
import { richTextWords } from '@contract/site/rich-text';
import { site } from '../../content/site';
import type { Category, FaqItem, Product, ProductDetails } from '../../content/types';
import { absoluteUrl } from './page-head';

const ORGANIZATION_ID = `${site.siteUrl}/#organization`;

export function localBusinessJsonLd(description: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': ORGANIZATION_ID,
    name: site.companyName,
    legalName: site.legalName,
    description,
    url: absoluteUrl('/home'),
    logo: absoluteUrl('/icon-512.png'),
    image: absoluteUrl(site.metaImagePath),
    telephone: site.phone.e164,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.streetAddress,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    areaServed: 'Worldwide',
    sameAs: Object.values(site.social).filter(Boolean),
  };
}

export function faqPageJsonLd(items: readonly FaqItem[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function breadcrumbJsonLd(trail: readonly { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export function productJsonLd(
  product: Product & ProductDetails,
  category: Category,
  path: string,
  imagePath: string,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    // The words a visitor reads on the page: sanitised first, so text inside an element the
    // sanitiser drops (a script's, a style's) never reaches the structured data either.
    description: richTextWords(product.productDescription),
    image: absoluteUrl(imagePath),
    url: absoluteUrl(path),
    sku: product.slug,
    category: category.categoryTitle,
    material: 'Human hair',
    brand: { '@type': 'Brand', name: site.companyName },
    manufacturer: { '@id': ORGANIZATION_ID },
  };
}
