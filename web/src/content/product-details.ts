/**
 * What each product's own page says, by product slug: the description (trusted HTML written by the
 * business: <p>, <br>, <strong>, <em>, <ul>, <li>, <h3>) and its questions and answers. Only the
 * product page loads this file; the catalogue itself (catalogue.ts: names, pictures, card text and
 * facts) is part of the first load of the home, about and products pages, which do not show it.
 */
import type { ProductDetails } from './types';

export const productDetails: Record<string, ProductDetails> = {
  'raw-hair-10-18-inch': {
    productDescription: `
<p>Raw, unprocessed human hair offered by devotees at temples in South India and bought through the temples’ own auctions. We wash it, sort it by hand in our Coimbatore workshop and keep every strand running from root to tip in the same direction, so the cuticle stays intact and aligned.</p>
<p>Its colour and texture are the ones it grew with: raw hair is never dyed, bleached or steamed. Each bundle is graded to one length, measured from root to tip.</p>
<ul>
<li>100% human hair, with no synthetic blends and no animal hair</li>
<li>Short, damaged and grey strands taken out by hand</li>
<li>Suited to wig making, toppers, bob-length wefts and blending into fuller bundles</li>
</ul>
<p><em>Care:</em> wash in cool water with a sulphate-free shampoo, condition the lengths and let the hair dry naturally before storing it tied.</p>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.<br>
Tell us the lengths, textures and quantities you need and we will send a quotation.</p>`,
    productFaqs: [
      {
        question: 'Which lengths are included in the 10–18 inch band?',
        answer:
          'We grade this band at 10, 12, 14, 16 and 18 inch. You can order a single length or a mix of lengths in one shipment.',
      },
      {
        question: 'Has this hair been processed in any way?',
        answer:
          'No. It is washed and sorted, but never steamed, dyed, bleached or chemically treated. Its colour and texture are exactly as the hair grew.',
      },
      {
        question: 'What do buyers usually make from shorter raw hair?',
        answer:
          'Wigs, toppers, short wefts and bob-length extensions. Many manufacturers also blend it into fuller bundles to add body near the weft.',
      },
      {
        question: 'How is the 10–18 inch raw hair packed?',
        answer:
          'Each length is tied firmly at the root end and packed in 100 g bundles. Bulk orders are weighed by the kilogram and shipped in sealed cartons, labelled by length.',
      },
    ],
  },
  'raw-hair-19-26-inch': {
    productDescription: `
<p>Unprocessed South Indian human hair from temple offerings, in the lengths most extension makers work with. It is sorted by hand in Coimbatore and tied so that the cuticles run in one direction from root to tip.</p>
<p>Its colour and texture are the ones it grew with: it is never dyed, bleached or steamed. Each bundle is graded to the nearest inch.</p>
<p>Because the cuticle is intact, this hair takes colour evenly in your own workshop and stays smooth after wefting. It leaves enough length to trim and shape a finished extension to shoulder or mid-back length.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Hand sorted to take out short, damaged and grey strands</li>
<li>Mixed lengths and textures can ship in one order</li>
</ul>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request. Samples can be arranged before a first order.</p>`,
    productFaqs: [
      {
        question: 'Why do many buyers choose the 19–26 inch band?',
        answer:
          'It gives finished extensions of shoulder to mid-back length, which suit most clients, and it leaves room for trimming after wefting or colouring.',
      },
      {
        question: 'Does every strand in a bundle reach the stated length?',
        answer:
          'No. Raw temple hair is naturally uneven, so some strands are shorter than the bundle length. We sort it so that most of the hair reaches the stated length, and we describe the fullness of the ends in every quotation.',
      },
      {
        question: 'Can I colour or bleach raw hair in this length?',
        answer:
          'Yes. Its intact cuticle takes colour well. Lift it gradually with a low-volume developer and a bond builder, and test a strand first, since results depend on your technique.',
      },
      {
        question: 'Can I order a mixed-length sample of this band?',
        answer:
          'Yes. We can send a small sample in two or three lengths between 19 and 26 inch so you can check colour, texture and cuticle alignment. Sample terms are on request.',
      },
    ],
  },
  'raw-hair-27-inch-plus': {
    productDescription: `
<p>Long raw human hair from South Indian temple offerings. Only a small share of the hair offered at temples grows to these lengths, so we collect it over several weeks and sort it by hand to keep the cuticles aligned from root to tip.</p>
<p>Its colour and texture are the ones it grew with: it is never dyed, bleached or steamed.</p>
<p>Long raw hair is used for bridal styles, long ponytails, traditional braids and premium wigs. Its ends are naturally finer than in shorter lengths; we tell you how full they are before you order.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Availability of each length confirmed with every quotation</li>
</ul>
<p><strong>For bulk buyers:</strong> minimum order, pricing and lead time on request.</p>`,
    productFaqs: [
      {
        question: 'What is the longest raw hair you supply?',
        answer:
          'Up to 36 inch. Lengths of 32 inch and above are scarce, so we confirm availability and quantity before you place an order.',
      },
      {
        question: 'Why does long raw hair take longer to supply?',
        answer:
          'Only a small share of temple hair reaches 27 inch or more, so we gather it over several weeks. We give a lead time with every quotation.',
      },
      {
        question: 'Are the ends thinner than in shorter lengths?',
        answer:
          'Yes, naturally: fewer strands reach the full length. We sort the hair to keep the ends as full as possible and describe their fullness before you order.',
      },
      {
        question: 'Is long raw hair suitable for bridal and ponytail work?',
        answer:
          'Yes. Buyers use it for bridal styles, long ponytails and traditional braids, where its natural colour and movement matter most.',
      },
    ],
  },
  'machine-weft': {
    productDescription: `
<p>Our machine weft is made from ethically sourced temple hair from South India, kept cuticle-aligned from root to tip (Remy) and sewn on industrial machines onto a double-stitched track that holds the hair firmly.</p>
<ul>
<li>100% Remy human hair, with no synthetic blends</li>
<li>Suited to sew-in, micro-ring and braid-track installs</li>
<li>Can be cut to width; seal the cut ends to stop shedding</li>
<li>Custom colours on request</li>
</ul>
<p><em>Care:</em> wash gently with sulphate-free products, condition the lengths rather than the track, and use a heat protectant before styling.</p>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request, by length, texture and colour.</p>`,
    productFaqs: [
      {
        question: 'How much does one machine weft bundle weigh?',
        answer:
          'Every bundle weighs 100 g. Most full sew-in installs use two or three bundles, depending on the length and the fullness the client wants.',
      },
      {
        question: 'Can a machine weft be cut to size?',
        answer:
          'Yes. The double-stitched track can be cut to width; seal the cut ends with a stitch or weft sealant so the hair does not shed.',
      },
      {
        question: 'Which lengths and textures can I order?',
        answer:
          'Machine weft comes in even lengths from 12 to 30 inch, in straight, wavy and curly natural textures. Mixed lengths can ship in one order.',
      },
      {
        question: 'Do you colour machine wefts to order?',
        answer:
          'Yes. Natural black and dark brown are standard, and other shades are made on request. Minimum quantities per colour are confirmed with your quotation.',
      },
    ],
  },
  'single-drawn-bulk-hair': {
    productDescription: `
<p>Single drawn bulk hair is loose Remy human hair with no weft or tip. It comes from ethically sourced South Indian temple hair and is drawn once to take out the shortest strands, so it keeps a natural taper towards the ends.</p>
<p>Extension makers and stylists use it for braiding, hand-made keratin bonds, custom wefts and wig ventilation, choosing their own attachment method.</p>
<ul>
<li>100% Remy human hair, with no synthetic blends</li>
<li>Cuticles run in one direction, so the hair tangles less</li>
<li>Custom colours on request</li>
</ul>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'What does “single drawn” mean?',
        answer:
          'The hair is drawn once to remove the shortest strands. Most of the bundle reaches its stated length and the rest tapers naturally, so the ends look like natural hair.',
      },
      {
        question: 'What is bulk hair used for?',
        answer:
          'Braiding, hand-made keratin bond extensions, custom wefts and wig making. It has no weft or tip, so you decide how to attach it.',
      },
      {
        question: 'How do you keep bulk hair cuticle-aligned in transit?',
        answer:
          'Each 100 g bundle is tied firmly at the root end, so every strand stays root to tip. Keep the tie on until you start working with the hair.',
      },
      {
        question: 'Can I order several lengths of bulk hair together?',
        answer:
          'Yes. Any length from 12 to 30 inch can be combined in one order, in the textures and colours you need.',
      },
    ],
  },
  'i-tip-extensions': {
    productDescription: `
<p>I-tip extensions are individual strands of Remy human hair, ethically sourced from South Indian temples, each finished with a firm keratin tip. They are fitted with micro rings, with no heat and no glue, and can be moved up as the client’s own hair grows.</p>
<ul>
<li>Cuticle-aligned Remy hair, with no synthetic blends</li>
<li>Tips sized for standard micro rings</li>
<li>Reusable when the hair is kept in good condition</li>
<li>Custom colours and lighter shades on request</li>
</ul>
<p><em>Care:</em> brush from the ends upwards with a loop brush, keep conditioner away from the rings and dry the roots fully after washing.</p>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'How are I-tip extensions fitted?',
        answer:
          'Each strand is threaded through a micro ring with a small section of the client’s own hair, and the ring is closed with pliers. No heat or glue is used.',
      },
      {
        question: 'How many I-tip strands make a full head?',
        answer:
          'Usually 100 to 150 strands, that is 100 to 150 g, depending on the density of the client’s own hair and the length chosen.',
      },
      {
        question: 'Can I-tip strands be reused?',
        answer:
          'Yes, when the hair is in good condition. Stylists remove the strands at a move-up appointment, usually every six to eight weeks, and refit them closer to the scalp.',
      },
      {
        question: 'Can you supply other strand weights?',
        answer:
          'Our standard strand is 1 g. Other strand weights and pack sizes can be made for bulk orders on request.',
      },
    ],
  },
  'hand-tied-weft': {
    productDescription: `
<p>Hand-tied wefts are made by tying Remy human hair onto a fine track by hand. The track is thinner and more flexible than a machine weft, so it lies flat against the head and suits clients with fine hair. The hair is ethically sourced temple hair from South India, cuticle-aligned from root to tip.</p>
<ul>
<li>100% Remy human hair, with no synthetic blends</li>
<li>Suited to beaded rows and sew-in installs</li>
<li>Stack wefts for more volume rather than cutting them</li>
<li>Custom colours on request</li>
</ul>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'How is a hand-tied weft different from a machine weft?',
        answer:
          'The track is tied by hand, so it is thinner and more flexible. It lies flatter against the head and is more discreet, while a machine weft is sturdier and can be cut.',
      },
      {
        question: 'Can I cut a hand-tied weft?',
        answer:
          'We advise against it: cutting can loosen the knots and make the weft shed. Fold or stack wefts at the ends instead, or ask us about custom widths for a bulk order.',
      },
      {
        question: 'Which installation methods suit hand-tied wefts?',
        answer:
          'Beaded rows, sew-ins on a braid track and other micro-ring methods. The stylist should be trained in the method they use.',
      },
      {
        question: 'How many hand-tied wefts does a full install need?',
        answer:
          'Most clients need two to four wefts per row, in one to three rows, depending on the density of their own hair.',
      },
    ],
  },
  '3-clip-in-extensions': {
    productDescription: `
<p>A single weft with three pressure-sensitive clips, for clients who want a little more volume or length without a full set. It is made from ethically sourced South Indian temple hair, kept cuticle-aligned, and can be put on and taken off in minutes.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Can be curled, straightened and washed like natural hair</li>
<li>A simple first clip-in for salon retail customers</li>
<li>Custom colours on request</li>
</ul>
<p><em>Care:</em> take it off before sleeping, brush it gently from the ends upwards and store it flat.</p>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'Who is the 3 clip-in extension for?',
        answer:
          'Clients who want more volume or a little extra length at the back or sides without a full set. It is also an easy first clip-in to sell in a salon.',
      },
      {
        question: 'How do the clips stay in place?',
        answer:
          'The clips snap shut under pressure and have a silicone grip. Clipping onto a lightly backcombed section of hair holds them more securely.',
      },
      {
        question: 'Can the 3 clip-in be heat styled?',
        answer:
          'Yes, it is human hair. Use a heat protectant and keep irons and tongs at a moderate setting to keep the hair soft.',
      },
      {
        question: 'How long does a 3 clip-in piece last?',
        answer:
          'Because it is taken off every day and not attached for weeks at a time, it often lasts a year or more with gentle washing and careful storage.',
      },
    ],
  },
  '5-clip-in-extensions': {
    productDescription: `
<p>A wide weft with five pressure-sensitive clips that sits across the back of the head from ear to ear, adding length and fullness in one piece. It is made from cuticle-aligned human hair, ethically sourced from South Indian temples.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Goes on in a few minutes with no salon appointment</li>
<li>Can be coloured and heat styled like natural hair</li>
<li>Custom colours on request</li>
</ul>
<p><strong>For bulk buyers and salon retailers:</strong> minimum order and pricing on request, with mixed lengths and shades in one order.</p>`,
    productFaqs: [
      {
        question: 'How is the 5 clip-in extension worn?',
        answer:
          'It is one wide weft with five clips. It is clipped in a horizontal line across the back of the head, from ear to ear, under a top layer of the wearer’s own hair.',
      },
      {
        question: 'What is the difference between the 3 clip-in and the 5 clip-in?',
        answer:
          'The 5 clip-in is wider and fuller, about 100 g, and covers the back of the head in one piece. The 3 clip-in, about 70 g, is narrower and adds volume to one area.',
      },
      {
        question: 'Will a 5 clip-in blend with fine hair?',
        answer:
          'Yes, if the length suits the wearer. For fine hair we suggest 14 to 18 inch, which blends without pulling on the clips.',
      },
      {
        question: 'Can salons order the 5 clip-in in their own shades?',
        answer:
          'Yes. Custom colours are made on request, with a minimum quantity per shade confirmed in the quotation.',
      },
    ],
  },
  'back-clip-ponytail': {
    productDescription: `
<p>A ready-made ponytail of human hair, ethically sourced from South Indian temples and kept cuticle-aligned. A strong clip at the base grips the wearer’s own ponytail, and a strand of hair wraps around the base to hide the attachment.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Can be worn high or low, braided or curled</li>
<li>Popular for weddings, events and photo shoots</li>
<li>Custom colours on request</li>
</ul>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'How is the back clip ponytail attached?',
        answer:
          'Gather your own hair into a firm ponytail, slide the clip over its base until it grips, and wrap the loose strand around the base to hide the clip. Secure the end with a pin.',
      },
      {
        question: 'How long does the wearer’s own hair need to be?',
        answer:
          'Long enough to gather into a firm ponytail with a band. The clip grips the base, so the wearer’s own length is hidden under the piece.',
      },
      {
        question: 'Which ponytail lengths do you offer?',
        answer:
          'Even lengths from 16 to 30 inch. Longer ponytails weigh more, up to about 140 g, and suit formal and bridal styling.',
      },
      {
        question: 'Can the ponytail be braided or put up in a bun?',
        answer:
          'Yes. It is human hair, so it can be braided, curled, straightened or wrapped into a bun like the wearer’s own hair.',
      },
    ],
  },
  'single-clip-in-extension': {
    productDescription: `
<p>A narrow piece of human hair on one pressure-sensitive clip. Stylists use it to fill thin patches, lift the crown, add a panel of colour or thicken a braid or bun. The hair is ethically sourced from South Indian temples and kept cuticle-aligned.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Wear one piece or several, wherever they are needed</li>
<li>Custom colours and highlight shades on request</li>
</ul>
<p><em>Care:</em> wash it by hand in lukewarm water, let it dry flat and keep the clip closed when stored.</p>
<p><strong>For bulk buyers:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'Where is a single clip-in extension used?',
        answer:
          'Wherever a little more hair is needed: at the crown, around the temples, to fill a thin patch or to thicken a braid or bun.',
      },
      {
        question: 'Can several single clip-ins be worn at once?',
        answer:
          'Yes. Stylists often place two to four pieces to build volume exactly where the client needs it.',
      },
      {
        question: 'Is the single clip-in available in highlight shades?',
        answer:
          'Yes. Besides natural black and dark brown, we make lighter and highlight shades on request, so the piece can add a panel of colour without dyeing the client’s own hair.',
      },
      {
        question: 'How should a single clip-in be washed?',
        answer:
          'By hand in lukewarm water with a mild shampoo and a little conditioner on the lengths. Let it dry flat, away from direct heat.',
      },
    ],
  },
  'traditional-braid-extension': {
    productDescription: `
<p>The traditional South Indian braid, or <em>jada</em>: a long three-strand plait of human hair worn at weddings and by Bharatanatyam and other classical dancers. It is braided from ethically sourced temple hair, kept cuticle-aligned, and fixed at the top with a loop so it can be pinned to the wearer’s own plait or bun.</p>
<p>Its length is measured from the top loop to the tied end, and a longer braid weighs more. The end is tied neatly, ready for a <em>kunjalam</em> tassel or jewellery.</p>
<ul>
<li>100% human hair, with no synthetic blends</li>
<li>Stays secure through dance movement when pinned</li>
<li>Can be unbraided and restyled like natural hair</li>
</ul>
<p><strong>For bulk buyers, dance schools and bridal stylists:</strong> minimum order and pricing on request.</p>`,
    productFaqs: [
      {
        question: 'How is the braid extension fixed to the wearer’s hair?',
        answer:
          'A loop at the top of the braid is pinned to the base of the wearer’s own plait or bun with U-pins or bobby pins. Jewellery or flowers then cover the join.',
      },
      {
        question: 'Is the braid suitable for Bharatanatyam performances?',
        answer:
          'Yes. When pinned firmly it stays secure through dance movement, and it is long enough to reach the waist or below in the traditional style.',
      },
      {
        question: 'Which braid lengths can I order?',
        answer:
          'From 18 to 36 inch, measured from the top loop to the tied end. Longer braids weigh more, up to about 200 g.',
      },
      {
        question: 'Do you supply the braid with ornaments?',
        answer:
          'We supply the human hair braid only. The tied end is ready for a kunjalam tassel or other jewellery of your choice.',
      },
      {
        question: 'Can the braid be undone and styled differently?',
        answer:
          'Yes. It is human hair, so it can be unbraided, washed and restyled, though it is supplied braided and ready to wear.',
      },
    ],
  },
};

/** The page text of a product in the catalogue; every product has one (content.test.ts checks). */
export function detailsOf(slug: string): ProductDetails {
  const details = productDetails[slug];
  if (!details) throw new Error(`No details for the product "${slug}" (web/src/content/product-details.ts).`);
  return details;
}
