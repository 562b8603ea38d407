import { categories } from '../../content/catalogue';
import { ProductCard } from './product-card';
import './catalogue.css';

/**
 * Every category with its grid of product cards, all hidden as the page arrives: the page places
 * it in the catalogue island, which reveals them one by one (catalogue-island.ts).
 */
export function ProductCatalogue() {
  return (
    <div className="catalogue">
      {categories().map((category) => (
        <section
          key={category.slug}
          id={category.slug}
          className="catalogue__category"
          aria-labelledby={`${category.slug}-title`}
        >
          <div className="section-heading">
            <h2 id={`${category.slug}-title`}>{category.categoryTitle}</h2>
            <p className="lead">{category.categoryDescription}</p>
          </div>
          {/* The grid has as many columns as the category has cards on a wide screen: no empty cells. */}
          <ul className="catalogue__grid" data-count={category.products.length}>
            {category.products.map((product) => (
              <ProductCard key={product.slug} product={product} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
