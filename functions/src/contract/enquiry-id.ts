/**
 * Part of the enquiry contract (see enquiry.ts), in a module of its own so that pages which only
 * place a form do not download it: only sending an enquiry needs it.
 *
 * Pure TypeScript with no imports, for the browser bundle, the Cloud Functions and the tests.
 */

/**
 * An enquiry's document ID: chosen by the visitor's browser once per filled form, in the shape of
 * Firestore's own auto-IDs, so every retry of one submission writes the same document. The rules
 * accept no other shape: a chosen ID never carries line breaks, markup or bidi controls into the
 * sales email.
 */
export const ENQUIRY_ID_LENGTH = 20;
const ENQUIRY_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const ENQUIRY_ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/**
 * The Web Crypto object every platform the contract runs on has (browsers, Node 20), typed here
 * because the contract compiles without DOM or Node types.
 */
function webCrypto(): { getRandomValues<T extends Uint8Array>(array: T): T } {
  return (globalThis as unknown as { crypto: { getRandomValues<T extends Uint8Array>(array: T): T } }).crypto;
}

/** A fresh enquiry ID from the platform's cryptographic random source (browser and Node alike). */
export function newEnquiryId(): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every character equally likely.
  const limit = 256 - (256 % ENQUIRY_ID_ALPHABET.length);
  let id = '';
  while (id.length < ENQUIRY_ID_LENGTH) {
    for (const byte of webCrypto().getRandomValues(new Uint8Array(ENQUIRY_ID_LENGTH * 2))) {
      if (byte < limit && id.length < ENQUIRY_ID_LENGTH)
        id += ENQUIRY_ID_ALPHABET[byte % ENQUIRY_ID_ALPHABET.length];
    }
  }
  return id;
}

/**
 * Where a browser asks "was my submission stored?" after an attempt whose answer was lost: the
 * rules allow reading `<this collection>/<enquiry ID>` only when an enquiry with that ID exists.
 * No document is ever stored here; whether the read is allowed is the whole answer.
 */
export const ENQUIRY_RECEIPTS_COLLECTION = 'SME-enquiry-receipts';
