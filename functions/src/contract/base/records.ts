/**
 * Untrusted values (a stored document, a callable's data) read as maps before their fields are read.
 *
 * Part of the contract: no imports.
 */

/** A plain object: not null, not a list. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
