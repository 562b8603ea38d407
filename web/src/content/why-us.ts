/** The six reasons in the home page's why-us block, in the order the spec lists them. */
import type { WhyUsPoint } from './types';

export const whyUsPoints: WhyUsPoint[] = [
  {
    icon: 'quality',
    title: 'Quality Products',
    text: '100% human hair with the cuticle kept intact, sorted by hand and checked bundle by bundle before it is packed. No synthetic blends.',
  },
  {
    icon: 'ethical',
    title: 'Ethical Sourcing',
    text: 'Our hair is offered freely at South Indian temples and bought through the temples’ own auctions, whose income supports their community work.',
  },
  {
    icon: 'sustainable',
    title: 'Sustainable Practices',
    text: 'Human hair is a natural, renewable material. We find a use for every sorted length, so little is wasted, and keep chemical processing to what each order needs.',
  },
  {
    icon: 'durable',
    title: 'Durability',
    text: 'Cuticle-aligned Remy hair resists tangling and can be washed, coloured and restyled, so extensions keep their look for many months.',
  },
  {
    icon: 'variety',
    title: 'Variety',
    text: 'Raw hair, wefts, bulk hair, I-tips, clip-ins, ponytails and braids, from 10 to 36 inch, in straight, wavy and curly natural textures.',
  },
  {
    icon: 'reliable',
    title: 'Reliability',
    text: 'Written quotations, lead times we keep and tracked shipping to buyers across India and abroad, with one sales team from enquiry to delivery.',
  },
];
