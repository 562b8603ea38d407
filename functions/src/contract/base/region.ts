/**
 * Where the functions run unless ENQUIRY_REGION says otherwise: the functions deploy there and the
 * inbox calls them there, so both read it here.
 *
 * Part of the contract: no imports.
 */

/** Nearest Cloud Functions region to Coimbatore; must match the Firestore database's location. */
export const DEFAULT_FUNCTIONS_REGION = 'asia-south1';
