/**
 * What a card says about an enquiry at a glance: the first line of the buyer's message (the popup
 * has none: its business type instead), and the product it names, found by the catalogue's own
 * product names (content/catalogue.ts) so a renamed product is found under its new name.
 */
import { ENQUIRY_COLLECTION } from '@contract/enquiry';
import { categories } from '../../content/catalogue';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The first line of the message with something on it. */
export function firstLine(message: string): string {
  return (
    message
      .split(/\r\n|\r|\n|\u2028|\u2029/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** Lower case, hyphens and punctuation as spaces, a plural `s` dropped from each word. */
const words = (value: string) =>
  ` ${value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word))
    .join(' ')} `;

/**
 * Each product's name without its lengths and counts ("Raw Temple Hair 10–18 Inch" is asked for
 * as "raw temple hair", "5 Clip-In Extensions" as "clip in extension"), longest first so the most
 * specific name wins; products that share a name (the three length bands) are one entry.
 */
const PRODUCT_NAMES: { name: string; match: string }[] = [
  ...new Map(
    categories
      .flatMap((category) => category.products)
      .map((product) => {
        const name = product.productName
          .replace(/\b\d+\s*[–-]\s*\d+\s*inch\b|\b\d+\s*inch( and above)?\b|^\d+\s+/gi, '')
          .trim();
        return [words(name), name] as const;
      }),
  ),
]
  .map(([match, name]) => ({ name, match }))
  .sort((a, b) => b.match.length - a.match.length);

/** The catalogue product a message names, if any. */
export function mentionedProduct(message: string): string | null {
  const said = words(message);
  return PRODUCT_NAMES.find((product) => said.includes(product.match))?.name ?? null;
}

export type Gist = {
  /** The message's first line, or for the popup its business type. */
  line: string;
  /** The product named in the message, or the order type. */
  tag: string | null;
};

export function gistOf(collection: string, data: Record<string, unknown>): Gist {
  if (collection !== ENQUIRY_COLLECTION) return { line: text(data.business), tag: null };
  const message = text(data.message);
  const orderType = text(data.ordertype);
  const product = mentionedProduct(message);
  return {
    line: firstLine(message),
    tag: product ? `${product}${orderType ? ` · ${orderType}` : ''}` : orderType || null,
  };
}
