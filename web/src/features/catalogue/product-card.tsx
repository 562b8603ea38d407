import { productPath } from '../../config/paths';
import { Picture } from '../../components/picture';
import type { Product } from '../../content/types';
import { CARD_CLASS, CARD_STATE_ATTRIBUTE } from './product-card-state';
import { ProductFactsTable } from './product-facts';

/**
 * One product's card, as the page arrives: hidden until the catalogue island reveals it
 * (catalogue-island.ts sets its state and animates it in).
 */
export function ProductCard({ product }: { product: Product }) {
  return (
    <li className={CARD_CLASS} {...{ [CARD_STATE_ATTRIBUTE]: 'hidden' }}>
      <Picture
        image={product.productImage}
        photo={product.photo}
        alt={product.productImageAlt}
        sizes="(max-width: 676px) 7rem, (max-width: 1099px) 45vw, 360px"
        className="product-card__image"
      />
      <div className="product-card__body card-text">
        <h3 className="product-card__name">{product.productName}</h3>
        <p className="product-card__text">{product.productShortDescription}</p>
        <ProductFactsTable facts={product.facts} className="product-card__facts" />
        {/* The product's page remembers the pick (selection-memory.ts). */}
        <a href={productPath(product.slug)} className="product-card__link">
          Read More <span className="visually-hidden">about {product.productName}</span>
        </a>
      </div>
    </li>
  );
}
