import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontFallbackOverrides } from './font-fallbacks';

describe('the local faces, matched to the metrics the type is set in', () => {
  const fontsCss = readFileSync(join(import.meta.dirname, '../../web/src/styles/fonts.css'), 'utf8');
  const face = (family: string) => new RegExp(`font-family: '${family}';[^}]*`).exec(fontsCss)?.[0] ?? '';

  it.each([
    ['Cormorant Garamond Fallback', 'cormorantGaramond/600', 'timesNewRoman'],
    ['Body Sans', 'manrope', 'arial'],
  ] as const)('%s carries the overrides computed from %s and %s', async (family, web, fallback) => {
    const overrides = await fontFallbackOverrides(web, fallback);
    const declared = face(family);
    expect(declared).not.toBe('');
    for (const [property, value] of Object.entries(overrides))
      expect(declared, property).toContain(`${property}: ${value};`);
  });
});
