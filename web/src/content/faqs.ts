/** The thirteen general questions shown on /products and the FAQ accordion, in display order. */
import type { FaqItem } from './types';

export const generalFaqs: FaqItem[] = [
  {
    question: 'What is the difference between Remy and non-Remy hair?',
    answer:
      'In Remy hair every strand keeps its cuticle and runs in the same direction, from root to tip, so the hair stays smooth and tangles less. Non-Remy hair is collected with strands facing both ways, so its cuticle is usually stripped with acid and covered with silicone, which wears off after a few washes. All our extensions are Remy.',
  },
  {
    question: 'What is the difference between raw and processed hair?',
    answer:
      'Raw hair is washed and sorted but never steamed, dyed or chemically treated, so it keeps its natural colour and texture. Processed hair has been coloured or textured to order. Raw hair lasts longest and gives you full control over colouring; processed hair is ready to sell in a chosen shade.',
  },
  {
    question: 'Where does temple hair come from, and is it ethically sourced?',
    answer:
      'Temple hair is offered freely by devotees at temples in South India as part of a religious vow. The temples sell it through their own auctions, and the income supports their upkeep and community work. We buy through these channels and never from sources where donors are paid or pressured.',
  },
  {
    question: 'How long do human hair extensions last?',
    answer:
      'With good care, Remy wefts and I-tips usually last twelve months or more, and raw hair can last longer. Clip-ins and ponytails, which are taken off every day, often last a year or more. Heat, harsh products and chlorine shorten the life of any hair.',
  },
  {
    question: 'Can the hair be coloured or bleached?',
    answer:
      'Yes. Because our hair keeps its cuticle, it takes colour well and can be lifted to lighter shades. Lift gradually with a low-volume developer and a bond builder, and always test a strand first. We can also supply hair coloured to your shade on request.',
  },
  {
    question: 'How should human hair extensions be cared for?',
    answer:
      'Wash with sulphate-free shampoo, condition the lengths rather than the bonds or tracks, and let the hair dry naturally where possible. Use a heat protectant before styling, brush gently from the ends upwards and store pieces flat or tied when not worn.',
  },
  {
    question: 'What is your minimum order quantity?',
    answer:
      'The minimum order depends on the product, length and colour. Tell us what you need in an enquiry and we will confirm the minimum order and pricing in a written quotation.',
  },
  {
    question: 'Can I order samples before a bulk order?',
    answer:
      'Yes. We can send a small sample so you can check colour, texture and cuticle alignment before placing a bulk order. Sample terms and shipping costs are confirmed on request.',
  },
  {
    question: 'Do you ship internationally?',
    answer:
      'Yes. We ship across India and abroad by courier or air cargo, with tracking for every consignment. Import duties and taxes in the destination country are paid by the buyer unless agreed otherwise.',
  },
  {
    question: 'What are your payment terms?',
    answer:
      'Payment terms are on request and are agreed with each buyer before we confirm an order. We send a proforma invoice that sets out the amount, the accepted payment methods and the dispatch date.',
  },
  {
    question: 'What are your lead times?',
    answer:
      'Lengths and colours we hold in stock usually dispatch within a few working days of payment. Custom colours, lengths of 32 inch and above, and large orders take longer. We confirm the lead time in writing with every quotation.',
  },
  {
    question: 'Can I order custom lengths and colours?',
    answer:
      'Yes. Wefts, bulk hair, I-tips and ready-to-wear pieces can be made in custom lengths within each product’s range and coloured to your shade. Raw hair is supplied in its natural colour only.',
  },
  {
    question: 'What if I receive defective goods?',
    answer:
      'Tell us within seven days of delivery, with photos and your order details. If the goods are defective or not as ordered, we will replace them or credit you once the hair is returned and inspected. Hair that has been cut, coloured, washed or installed cannot be returned.',
  },
];
