/** What every product page says around the product's own text (spec section 2). */
export const productPageCopy = {
  bulkOrderLine:
    'Looking to order in bulk or need a custom solution? Let’s talk – we’re just a message away!',
  callToAction: 'Contact Us Now',
  /**
   * The product's own call to action, beside its facts: the product's name is said to screen
   * readers, not shown (the heading above shows it, and a pill button must not break on a phone).
   */
  requestQuote: { shown: 'Request a quote', forProduct: (productName: string) => `for ${productName}` },
} as const;
