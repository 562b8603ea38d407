import { sanitizeRichText } from '@contract/site/rich-text';
import { ArrowLeftIcon } from '../../components/icons';
import { TradeTermsSection } from '../../components/trade-terms';
import { site } from '../../content/site';
import { Picture, imageUrl } from '../../components/picture';
import { productPageMeta } from '../../content/pages';
import { productPageCopy } from '../../content/product-page';
import { detailsOf } from '../../content/product-details';
import { defaultEntry, entryForSlug, type CatalogueEntry } from '../../features/catalogue/catalogue-index';
import {
  BARE_ADDRESS_ATTRIBUTE,
  SELECTION_ATTRIBUTE,
  type RememberedSelection,
} from '../../features/catalogue/selection-memory';
import { ProductFactsTable } from '../../features/catalogue/product-facts';
import { FaqList } from '../../features/faq/faq-list';
import { usePageHead } from '../../features/seo/page-head';
import { breadcrumbJsonLd, faqPageJsonLd, productJsonLd } from '../../features/seo/structured-data';
import {
  ENQUIRY_PATH,
  HOME_PATH,
  PRODUCTS_PATH,
  productEnquiryPath,
  productPath,
  type PageProps,
} from '../../config/paths';
import { NotFoundPage } from './not-found-page';
import { PromoPopup } from './promo-popup';
import './product-description-page.css';

export default function ProductDescriptionPage({ params }: PageProps) {
  const entry = params.slug ? entryForSlug(params.slug) : defaultEntry();
  return entry ? <ProductDescription entry={entry} fromUrl={Boolean(params.slug)} /> : <NotFoundPage />;
}

/**
 * One product's page. Each product in the sidebar is a link to its own page (the same route).
 * `fromUrl`: the product was named in the address, so the page remembers it as the pick; the bare
 * /products/description opens the remembered pick's page instead (selection-memory.ts).
 */
function ProductDescription({ entry, fromUrl }: { entry: CatalogueEntry; fromUrl: boolean }) {
  const { category, product, categoryIndex, productIndex } = entry;
  const { productDescription, productFaqs } = detailsOf(product.slug);
  const canonicalPath = productPath(product.slug);

  usePageHead({
    ...productPageMeta(product.productName, product.productShortDescription),
    path: canonicalPath,
    ogType: 'product',
    jsonLd: [
      productJsonLd(
        { ...product, productDescription, productFaqs },
        category,
        canonicalPath,
        imageUrl(product.productImage, product.photo),
      ),
      faqPageJsonLd(productFaqs),
      breadcrumbJsonLd([
        { name: 'Home', path: HOME_PATH },
        { name: 'Products', path: PRODUCTS_PATH },
        { name: product.productName, path: canonicalPath },
      ]),
    ],
  });

  const selection: RememberedSelection = { categoryIndex, productIndex, slug: product.slug };
  const selectionAttributes = {
    [SELECTION_ATTRIBUTE]: JSON.stringify(selection),
    [BARE_ADDRESS_ATTRIBUTE]: fromUrl ? undefined : '',
  };

  return (
    <>
      <div className="section description-section">
        <div className="container description">
          {/* The category's products as a bar above the product, on every width: no empty side
              column on a laptop, and on a phone the product's name comes within the first screen. */}
          <aside className="description__sidebar" aria-labelledby="description-category">
            <h2 id="description-category" className="description__sidebar-title">
              {category.categoryTitle}
            </h2>
            <ul className="description__products">
              {category.products.map((item) => (
                <li key={item.slug}>
                  <a
                    href={productPath(item.slug)}
                    className="description__product-link"
                    aria-current={item.slug === product.slug ? 'page' : undefined}
                  >
                    {item.productName}
                  </a>
                </li>
              ))}
            </ul>
          </aside>

          <article className="description__content" aria-labelledby="product-title" {...selectionAttributes}>
            <div className="description__main">
              <div className="description__header">
                <a href={PRODUCTS_PATH} className="button button--outline description__back">
                  <ArrowLeftIcon size={18} />
                  Back
                </a>
                <p className="eyebrow description__category">{category.categoryTitle}</p>
                <h1 id="product-title">{product.productName}</h1>
              </div>
              {/* On a laptop the picture is as tall as the name, facts and description beside it
                  (never shorter than its own shape), so neither column runs on empty. */}
              <Picture
                image={product.productImage}
                photo={product.photo}
                alt={product.productImageAlt}
                sizes="(max-width: 767.98px) 92vw, 34rem"
                priority
                className="description__image"
              />
              <div className="description__body">
                <ProductFactsTable facts={product.facts} className="description__facts" />
                {/* The product's own way to a quote, beside its facts: the enquiry page with it chosen. */}
                <a
                  href={productEnquiryPath(product.slug)}
                  className="button button--primary description__quote"
                >
                  {productPageCopy.requestQuote.shown}{' '}
                  <span className="visually-hidden">
                    {productPageCopy.requestQuote.forProduct(product.productName)}
                  </span>
                </a>
                {/* Sanitised again here, whatever the stored text holds: only paragraphs, line breaks,
                    bold and links to this site reach the page. */}
                <div
                  className="rich-text"
                  dangerouslySetInnerHTML={{ __html: sanitizeRichText(productDescription, site.siteUrl) }}
                />
              </div>
              <section className="description__faqs" aria-labelledby="product-faq-title">
                <h2 id="product-faq-title">Frequently Asked Questions</h2>
                <FaqList key={product.slug} items={productFaqs} />
              </section>
              <TradeTermsSection className="description__terms" />
              <div className="cta-card description__cta">
                <p>{productPageCopy.bulkOrderLine}</p>
                <a href={ENQUIRY_PATH} className="button button--gold">
                  {productPageCopy.callToAction}
                </a>
              </div>
            </div>
          </article>
        </div>
      </div>
      <PromoPopup page="description" product={{ slug: product.slug, name: product.productName }} />
    </>
  );
}
