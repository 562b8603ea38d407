/** Copy above the full enquiry form on /enquiry. */
type EnquiryPageCopy = {
  heading: string;
  intro: string;
};

export const enquiryPageCopy: EnquiryPageCopy = {
  heading: 'Book an Enquiry',
  intro:
    'Tell us which products, lengths, textures and quantities you need, whether you buy in bulk or for retail, and where the order will ship. Our sales team will reply within one business day with availability and a quotation.',
};
