/** What every product page says around the product's own text (spec section 2). */
export const productPageCopy = {
  bulkOrderLine:
    'Looking to order in bulk or need a custom solution? Let’s talk – we’re just a message away!',
  callToAction: 'Contact Us Now',
} as const;
