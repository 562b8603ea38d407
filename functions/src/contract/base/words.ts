/**
 * Counted words as every reader sees them: "1 character", "3 characters", "2 hours".
 *
 * Part of the contract: no imports.
 */

/** `count` and its noun, singular for exactly one; `many` for a plural that is not `one` + s. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
