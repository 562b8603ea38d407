import { describe, expect, it } from 'vitest';
import { categories } from '../../content/catalogue';
import { detailsOf } from '../../content/product-details';
import { productJsonLd } from './structured-data';

const [category] = categories();
const [product] = category?.products ?? [];

const descriptionOf = (productDescription: string) => {
  if (!category || !product) throw new Error('The content has no product.');
  const details = { ...detailsOf(product.slug), productDescription };
  return (productJsonLd({ ...product, ...details }, category, '/x', '/x.png') as { description: string })
    .description;
};

describe("the Product's structured data", () => {
  it('says what the page shows: the sanitised words, not what the sanitiser dropped', () => {
    const description = descriptionOf(
      '<p>Priced in <b>US$</b> &amp; INR.</p><script>alert(101)</script><style>p{color:red}</style>' +
        '<svg><text>alert(102)</text></svg><!-- alert(103) --><p>Line<br>two <a href="javascript:alert(104)">here</a></p>',
    );
    expect(description).toBe('Priced in US$ & INR. Line two here');
    expect(description).not.toMatch(/alert|color|<|>/);
  });
});
