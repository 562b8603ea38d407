import { Picture } from '../../components/picture';
import { categories } from '../../content/catalogue';
import { pageMeta } from '../../content/pages';
import { GeneralFaqSection } from '../../features/faq/general-faq-section';
import { usePageHead } from '../../features/seo/page-head';
import { PRODUCTS_PATH } from '../../config/paths';
import { ProductCatalogue } from '../../features/catalogue/product-catalogue';
import { Island } from '../islands/island';
import { PromoPopup } from './promo-popup';
import './pages.css';

export default function ProductsPage() {
  usePageHead({
    ...pageMeta.products,
    path: PRODUCTS_PATH,
    // No FAQPage markup for the general FAQ (each product page keeps its own): Google shows FAQ
    // results only for government and health sites since August 2023, and the 226 bytes it cost
    // /products' first round trip are the room the owner's product photos need (some 70 each).
  });

  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__split">
          <div>
            <p className="eyebrow">Wholesale &amp; retail</p>
            <h1>Our Products</h1>
            <p className="lead">
              Raw South Indian temple hair, Remy human hair extensions and ready-to-wear pieces, supplied to
              wholesalers, salons and resellers worldwide. 100% human hair, no synthetic blends.
            </p>
          </div>
          {/* Beside the words, the way in: each family of the range, how many products it has, and
              a link down to them. */}
          <nav className="range-index" aria-label="Product families">
            <ul className="range-index__list">
              {categories().map((category) => (
                <li key={category.slug}>
                  <a href={`#${category.slug}`} className="range-index__link">
                    <Picture
                      image={category.categoryImage}
                      alt=""
                      sizes="6rem"
                      className="range-index__image"
                    />
                    <span className="range-index__title">{category.categoryTitle}</span>
                    <span className="range-index__count">{category.products.length} products</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
      <div className="section">
        <div className="container">
          {/* The cards appear one by one from load; the popup waits for the last of them. */}
          <Island name="catalogue" wake="load">
            <ProductCatalogue />
          </Island>
        </div>
      </div>
      <GeneralFaqSection />
      <PromoPopup page="products" />
    </>
  );
}
