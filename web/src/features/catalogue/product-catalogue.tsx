import { useRef } from 'react';
import { categories } from '../../content/catalogue';
import { ProductCard } from './product-card';
import { useScrollIn } from '../../lib/reveal-schedule';
import './catalogue.css';

/**
 * Every category with its grid of product cards; the first `revealed` cards, in catalogue order,
 * are shown (the page owns the reveal schedule because its popup waits for the last card).
 */
export function ProductCatalogue({ revealed }: { revealed: number }) {
  const container = useRef<HTMLDivElement>(null);
  const seen = useScrollIn(container, '.product-card');

  let order = 0;
  return (
    <div ref={container} className="catalogue">
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
            {category.products.map((product) => {
              const position = order++;
              return (
                <ProductCard
                  key={product.slug}
                  product={product}
                  shown={position < revealed}
                  inView={seen.has(product.slug)}
                />
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
