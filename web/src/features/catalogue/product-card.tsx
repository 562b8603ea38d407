import { productPath } from '../../config/paths';
import { Picture } from '../../components/picture';
import type { Product } from '../../content/types';
import { ProductFactsTable } from './product-facts';

type ProductCardProps = {
  product: Product;
  /** The reveal schedule has reached this card. */
  shown: boolean;
  /** At least 10% of the card has been on screen. */
  inView: boolean;
};

export function ProductCard({ product, shown, inView }: ProductCardProps) {
  const classes = ['product-card', shown ? 'is-shown' : 'is-hidden', shown && inView ? 'visible' : ''];
  return (
    <li
      className={classes.join(' ').trim()}
      data-key={product.slug}
      data-state={shown ? 'visible' : 'hidden'}
    >
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
