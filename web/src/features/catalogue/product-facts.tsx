import { productFactLabels } from '../../content/catalogue';
import type { ProductFacts } from '../../content/types';

const FACT_ORDER = Object.keys(productFactLabels) as (keyof ProductFacts)[];

/** The facts a buyer compares (length, texture and colour, unit, packing), as a small table. */
export function ProductFactsTable({ facts, className }: { facts: ProductFacts; className?: string }) {
  return (
    <dl className={['product-facts', className].filter(Boolean).join(' ')}>
      {FACT_ORDER.map((key) => (
        <div key={key} className="product-facts__row">
          <dt>{productFactLabels[key]}</dt>
          <dd>{facts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
