/**
 * Part of the enquiry contract (see enquiry.ts), in a module of its own so that pages which only
 * place a form do not download it: only sending an enquiry needs it.
 *
 * Pure TypeScript importing only the contract, for the browser bundle, the Cloud Functions and the
 * tests.
 */

import { ENQUIRY_ID_LENGTH } from './enquiry';

// The shape itself is in enquiry.ts, which the sales inbox shares with the forms.
export { ENQUIRY_ID_LENGTH, ENQUIRY_ID_PATTERN } from './enquiry';
const ENQUIRY_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

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
