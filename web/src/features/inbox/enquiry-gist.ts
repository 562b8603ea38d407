/**
 * What a card says about an enquiry at a glance: the first line of the buyer's message (which is
 * where buyers name the product they want; the popup has no message: its business type instead),
 * and the order type.
 */
import { ENQUIRY_COLLECTION } from '@contract/enquiry/collections';
import { textOf } from '@contract/enquiry/stored-enquiry';
import { PRODUCT_LABELS, requestedProductsOf } from '@contract/enquiry/request-lines';

/** The first line of the message with something on it. */
export function firstLine(message: string): string {
  return (
    message
      .split(/\r\n|\r|\n|\u2028|\u2029/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

type Gist = {
  /** The message's first line, or for the popup its business type. */
  line: string;
  /** The order type (full form). */
  tag: string | null;
  /** The products the buyer asked a quote for, each once, in the order of their lines; or the popup's page's. */
  products: string[];
};

export function gistOf(collection: string, data: Record<string, unknown>): Gist {
  const products = requestedProductsOf(data).map((product) => PRODUCT_LABELS[product]);
  if (collection !== ENQUIRY_COLLECTION) return { line: textOf(data.business), tag: null, products };
  return { line: firstLine(textOf(data.message)), tag: textOf(data.ordertype) || null, products };
}
