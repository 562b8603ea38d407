/**
 * The product range: three categories, twelve products, in the order the spec lists them.
 * Facts (the table on each card and page): the spec gives the raw hair length bands, the range of
 * 10 to 36 inch and the 100 g machine weft bundle. OWNER: every other fact is marked PLACEHOLDER
 * until you confirm it; `npm run deploy` lists them and will not ship them.
 * Slugs are URLs and artwork keys (web/src/assets/art/<slug>.svg): change them only with the art.
 * Each product's description and questions live in product-details.ts, which only its page loads.
 */
import type { Category, ProductFacts } from './types';

/** The facts table's row labels, in the order shown. */
export const productFactLabels: Record<keyof ProductFacts, string> = {
  length: 'Length',
  textureAndColour: 'Texture & colour',
  unit: 'Sold as',
  packing: 'Packing',
};

export const categories: Category[] = [
  {
    slug: 'raw-temple-hair',
    categoryTitle: 'Unprocessed South Indian Human Hair',
    categoryDescription:
      'Raw temple hair from South India, washed and sorted but never chemically treated. Supplied in three length bands, in its natural colour and texture.',
    categoryImage: 'category-raw-temple-hair',
    categoryImageAlt:
      'Illustration of three tied bundles of natural black raw temple hair in short, medium and long lengths',
    products: [
      {
        slug: 'raw-hair-10-18-inch',
        productName: 'Raw Temple Hair 10–18 Inch',
        productImage: 'raw-hair-10-18-inch',
        facts: {
          length: '10–18 inch',
          textureAndColour: 'Natural straight, wavy or curly; natural black to dark brown', // PLACEHOLDER
          unit: '100 g bundle', // PLACEHOLDER
          packing: 'Tied at the root end; bulk by the kilogram', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a short tied bundle of natural black raw temple hair with straight and gently wavy strands',
        productShortDescription:
          'Unprocessed South Indian temple hair in 10–18 inch lengths, with natural colour, natural texture and aligned cuticles.',
      },
      {
        slug: 'raw-hair-19-26-inch',
        productName: 'Raw Temple Hair 19–26 Inch',
        productImage: 'raw-hair-19-26-inch',
        facts: {
          length: '19–26 inch',
          textureAndColour: 'Natural straight, wavy or curly; natural black to dark brown', // PLACEHOLDER
          unit: '100 g bundle', // PLACEHOLDER
          packing: 'Tied at the root end; bulk by the kilogram', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a shoulder-to-mid-back length bundle of natural black raw temple hair with a soft natural wave',
        productShortDescription:
          'Mid-length raw temple hair, 19–26 inch, cuticle-aligned and untreated: a versatile band for wefts, wigs and bulk work.',
      },
      {
        slug: 'raw-hair-27-inch-plus',
        productName: 'Raw Temple Hair 27 Inch and Above',
        productImage: 'raw-hair-27-inch-plus',
        facts: {
          length: '27–36 inch',
          textureAndColour: 'Natural straight, wavy or curly; natural black to dark brown', // PLACEHOLDER
          unit: '100 g bundle', // PLACEHOLDER
          packing: 'Tied at the root end', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a long, flowing bundle of natural black raw temple hair falling in a gentle S-curve',
        productShortDescription:
          'Long, untreated temple hair from 27 inch up to 36 inch. Scarce lengths, sorted by hand and reserved for bulk and bridal work.',
      },
    ],
  },
  {
    slug: 'remy-hair-extensions',
    categoryTitle: 'Remy Human Hair Extensions',
    categoryDescription:
      'Cuticle-aligned Remy temple hair made into wefts, bulk hair and I-tips for salons, extension makers and distributors.',
    categoryImage: 'category-remy-hair-extensions',
    categoryImageAlt:
      'Illustration of a machine weft, a bundle of bulk hair and a row of I-tip strands side by side',
    products: [
      {
        slug: 'machine-weft',
        productName: 'Machine Weft',
        productImage: 'machine-weft',
        facts: {
          length: '12–30 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: '100 g bundle',
          packing: 'Folded at the track; bulk orders by the kilogram', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a 100 g machine weft bundle of natural black wavy hair, folded over its stitched track',
        productShortDescription:
          'Remy human hair sewn on a strong double-stitched track, in 100 g bundles from 12 to 30 inch.',
      },
      {
        slug: 'single-drawn-bulk-hair',
        productName: 'Single Drawn Bulk Hair',
        productImage: 'single-drawn-bulk-hair',
        facts: {
          length: '12–30 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: '100 g bundle', // PLACEHOLDER
          packing: 'Tied at the root end', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a loose bundle of single drawn bulk hair, tied at the top and tapering naturally towards the ends',
        productShortDescription:
          'Loose Remy hair with no weft, tied at the root end and tapering naturally, for braiding, bonds and wig making.',
      },
      {
        slug: 'i-tip-extensions',
        productName: 'I-Tip Extensions',
        productImage: 'i-tip-extensions',
        facts: {
          length: '14–26 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: '1 g strand', // PLACEHOLDER
          packing: '50 strands (50 g) to a pack', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a fanned row of I-tip hair strands, each with a small keratin tip at the top',
        productShortDescription:
          'Individual Remy strands with a keratin I-tip, fitted with micro rings and no heat. 1 g strands, 14 to 26 inch.',
      },
      {
        slug: 'hand-tied-weft',
        productName: 'Hand-Tied Weft',
        productImage: 'hand-tied-weft',
        facts: {
          length: '14–26 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: 'About 25 g a weft', // PLACEHOLDER
          packing: 'Four wefts (100 g) to a pack', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a thin, flat hand-tied weft of dark brown straight hair lying flat on a gold ribbon',
        productShortDescription:
          'Thin, flexible wefts tied by hand for a flat, discreet finish. Remy hair from 14 to 26 inch, in 100 g packs.',
      },
    ],
  },
  {
    slug: 'ready-to-wear-extensions',
    categoryTitle: 'Ready-to-Wear Extensions',
    categoryDescription:
      'Clip-ins, a ponytail and a traditional braid that clients can put on themselves in minutes. Made from human hair, for salon retail and resellers.',
    categoryImage: 'category-ready-to-wear-extensions',
    categoryImageAlt:
      'Illustration of a clip-in weft, a ponytail and a long traditional braid arranged in a fan',
    products: [
      {
        slug: '3-clip-in-extensions',
        productName: '3 Clip-In Extensions',
        productImage: '3-clip-in-extensions',
        facts: {
          length: '14–26 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: 'One piece, about 70 g', // PLACEHOLDER
          packing: 'Each piece in its own zip pouch', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a natural black wavy hair weft with three small clips along its top edge',
        productShortDescription:
          'A compact weft with three clips for extra volume at the back or sides. Human hair, 14 to 26 inch, about 70 g.',
      },
      {
        slug: '5-clip-in-extensions',
        productName: '5 Clip-In Extensions',
        productImage: '5-clip-in-extensions',
        facts: {
          length: '14–26 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: 'One piece, about 100 g', // PLACEHOLDER
          packing: 'Each piece in its own zip pouch', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a wide dark brown straight hair weft with five clips along its top edge',
        productShortDescription:
          'One wide weft with five clips that covers the back of the head in a single piece. Human hair, 14 to 26 inch, about 100 g.',
      },
      {
        slug: 'back-clip-ponytail',
        productName: 'Back Clip Ponytail',
        productImage: 'back-clip-ponytail',
        facts: {
          length: '16–30 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: 'One piece, about 100–140 g', // PLACEHOLDER
          packing: 'Each piece in its own zip pouch', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a long natural black ponytail hairpiece with a clip at its base and a strand of hair wrapped around it',
        productShortDescription:
          'A human hair ponytail that clips onto the wearer’s own ponytail in seconds. 16 to 30 inch, with a hair wrap to hide the clip.',
      },
      {
        slug: 'single-clip-in-extension',
        productName: 'Single Clip-In Extension',
        productImage: 'single-clip-in-extension',
        facts: {
          length: '14–26 inch', // PLACEHOLDER
          textureAndColour: 'Straight, wavy or curly; natural black or dark brown', // PLACEHOLDER
          unit: 'One piece, about 25 g', // PLACEHOLDER
          packing: 'Each piece in its own zip pouch', // PLACEHOLDER
        },
        productImageAlt: 'Illustration of a narrow piece of dark brown wavy hair with one clip at the top',
        productShortDescription:
          'A narrow human hair piece with one clip, to fill gaps, add volume at the crown or a panel of colour. 14 to 26 inch.',
      },
      {
        slug: 'traditional-braid-extension',
        productName: 'Traditional Braid Extension',
        productImage: 'traditional-braid-extension',
        facts: {
          length: '18–36 inch', // PLACEHOLDER
          textureAndColour: 'Natural black; dark brown on request', // PLACEHOLDER
          unit: 'One braid, about 100–200 g', // PLACEHOLDER
          packing: 'Each braid coiled in its own box', // PLACEHOLDER
        },
        productImageAlt:
          'Illustration of a long natural black three-strand braid, tied at the end and decorated with a small gold tassel',
        productShortDescription:
          'A long braided human hair jada for weddings and classical dance, from 18 to 36 inch, ready to pin to the wearer’s own plait.',
      },
    ],
  },
];
