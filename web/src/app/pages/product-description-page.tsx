import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { ArrowLeftIcon } from '../../components/icons';
import { Picture, imageUrl } from '../../components/picture';
import { productPageMeta } from '../../content/pages';
import { productPageCopy } from '../../content/product-page';
import { detailsOf } from '../../content/product-details';
import {
  defaultEntry,
  entryAt,
  entryForSlug,
  type CatalogueEntry,
} from '../../features/catalogue/catalogue-index';
import { recallSelection, rememberSelection } from '../../features/catalogue/selection-memory';
import { ProductFactsTable } from '../../features/catalogue/product-facts';
import { EnquiryPopup } from '../../features/enquiry/enquiry-popup';
import { POPUP_ON_DESCRIPTION_MS, usePromoPopup } from '../../features/enquiry/promo-popup';
import { FaqList } from '../../features/faq/faq-list';
import { usePageHead } from '../../features/seo/page-head';
import { breadcrumbJsonLd, faqPageJsonLd, productJsonLd } from '../../features/seo/structured-data';
import { ENQUIRY_PATH, HOME_PATH, PRODUCTS_PATH, productPath, type PageProps } from '../../config/paths';
import { NotFoundPage } from './not-found-page';
import './product-description-page.css';

export default function ProductDescriptionPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const entry = params.slug ? entryForSlug(params.slug) : defaultEntry();

  // /products/description without a product shows the remembered pick, if there is one.
  useEffect(() => {
    if (params.slug) return;
    const remembered = recallSelection();
    const pick = remembered && entryAt(remembered);
    if (pick && pick.product.slug !== defaultEntry().product.slug)
      navigate(productPath(pick.product.slug), { replace: true });
  }, [params.slug, navigate]);

  return entry ? <ProductDescription entry={entry} fromUrl={Boolean(params.slug)} /> : <NotFoundPage />;
}

/**
 * Stays mounted while the visitor switches products in the sidebar (the route does not change).
 * `fromUrl`: the product was named in the address, so it becomes the remembered pick.
 */
function ProductDescription({ entry, fromUrl }: { entry: CatalogueEntry; fromUrl: boolean }) {
  const { category, product, categoryIndex, productIndex } = entry;
  const { productDescription, productFaqs } = detailsOf(product.slug);
  const canonicalPath = productPath(product.slug);

  usePageHead({
    ...productPageMeta(product.productName, product.productShortDescription),
    path: canonicalPath,
    ogType: 'product',
    jsonLd: import.meta.env.SSR
      ? [
          productJsonLd(
            { ...product, productDescription, productFaqs },
            category,
            canonicalPath,
            imageUrl(product.productImage),
          ),
          faqPageJsonLd(productFaqs),
          breadcrumbJsonLd([
            { name: 'Home', path: HOME_PATH },
            { name: 'Products', path: PRODUCTS_PATH },
            { name: product.productName, path: canonicalPath },
          ]),
        ]
      : undefined,
  });

  // The address is the truth: the memory follows the product it names.
  useEffect(() => {
    if (fromUrl) rememberSelection({ categoryIndex, productIndex });
  }, [fromUrl, categoryIndex, productIndex]);

  const popup = usePromoPopup({
    armed: true,
    firstDelayMs: POPUP_ON_DESCRIPTION_MS,
    reshowDelayMs: null,
    restartKey: product.slug,
  });

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
                  <Link
                    href={productPath(item.slug)}
                    className="description__product-link"
                    aria-current={item.slug === product.slug ? 'page' : undefined}
                  >
                    {item.productName}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>

          <article className="description__content" aria-labelledby="product-title">
            <div className="description__main">
              <div className="description__header">
                <Link href={PRODUCTS_PATH} className="button button--outline description__back">
                  <ArrowLeftIcon size={18} />
                  Back
                </Link>
                <p className="eyebrow description__category">{category.categoryTitle}</p>
                <h1 id="product-title">{product.productName}</h1>
              </div>
              {/* On a laptop the picture is as tall as the name, facts and description beside it
                  (never shorter than its own shape), so neither column runs on empty. */}
              <Picture
                image={product.productImage}
                alt={product.productImageAlt}
                sizes="(max-width: 767.98px) 92vw, 34rem"
                priority
                className="description__image"
              />
              <div className="description__body">
                <ProductFactsTable facts={product.facts} className="description__facts" />
                <div className="rich-text" dangerouslySetInnerHTML={{ __html: productDescription }} />
              </div>
              <section className="description__faqs" aria-labelledby="product-faq-title">
                <h2 id="product-faq-title">Frequently Asked Questions</h2>
                <FaqList key={product.slug} items={productFaqs} />
              </section>
              <div className="cta-card description__cta">
                <p>{productPageCopy.bulkOrderLine}</p>
                <Link href={ENQUIRY_PATH} className="button button--gold">
                  {productPageCopy.callToAction}
                </Link>
              </div>
            </div>
          </article>
        </div>
      </div>
      <EnquiryPopup open={popup.open} onClose={popup.close} />
    </>
  );
}
