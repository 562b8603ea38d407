/**
 * An enquiry's reference, short enough for a buyer to read out on a call: `SME-4F7K-2QXM`. It is
 * derived from the document ID alone, so the thank-you message in the buyer's browser, the sales
 * email, the WhatsApp alert, the acknowledgement and the inbox all show the same one and nothing
 * stores it (a visitor cannot write it).
 *
 * Eight characters of Crockford's base32 (no I, L, O or U, so nothing reads as 1, 0 or a word):
 * 40 bits. Over 100,000 enquiries (years of them), the chance that any two share a reference is
 * about 0.5 %; the inbox's search shows every enquiry with the reference typed, so a shared one
 * costs a glance, never a wrong buyer. Six characters (30 bits) would make that likely within a
 * few thousand enquiries.
 *
 * Part of the contract: no imports.
 */
const PREFIX = 'SME-';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_CHARACTERS = 8;

const BITS_64 = 0xffffffffffffffffn;

/**
 * FNV-1a over the ID, then MurmurHash3's 64-bit finaliser so every character moves every bit: the
 * same in every browser and in Node, with no crypto API to wait for.
 */
function hash64(text: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & BITS_64;
  }
  hash ^= hash >> 33n;
  hash = (hash * 0xff51afd7ed558ccdn) & BITS_64;
  hash ^= hash >> 33n;
  hash = (hash * 0xc4ceb9fe1a85ec53n) & BITS_64;
  return hash ^ (hash >> 33n);
}

/** `SME-4F7K-2QXM` for an enquiry ID. */
export function enquiryReference(enquiryId: string): string {
  let bits = hash64(enquiryId) >> BigInt(64 - 5 * REFERENCE_CHARACTERS);
  let code = '';
  for (let index = 0; index < REFERENCE_CHARACTERS; index += 1) {
    code = CROCKFORD[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return `${PREFIX}${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The reference a person typed or said, as the inbox's search compares it: case, spaces, dashes
 * and the `SME` prefix do not matter, and I and L read as 1, O as 0 (Crockford's rule); null when
 * it cannot be a reference.
 */
export function typedReference(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^SME/, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (code.length !== REFERENCE_CHARACTERS || [...code].some((character) => !CROCKFORD.includes(character)))
    return null;
  return `${PREFIX}${code.slice(0, 4)}-${code.slice(4)}`;
}
