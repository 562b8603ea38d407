/**
 * The @font-face overrides that make a local font take the room a web font will take, so the
 * swap moves nothing: size-adjust matches the average width of English text, and the ascent,
 * descent and line-gap overrides (relative to the adjusted size) match its line box. The metrics
 * are Capsize's published ones; web/src/styles/fonts.css carries the results, checked by a test.
 */
type Metrics = { ascent: number; descent: number; lineGap: number; unitsPerEm: number; xWidthAvg: number };

const percent = (ratio: number) => `${Number((ratio * 100).toFixed(2))}%`;

export async function fontFallbackOverrides(webFont: string, localFont: string) {
  const load = async (name: string) =>
    ((await import(`@capsizecss/metrics/${name}`)) as { default: Metrics }).default;
  const [web, local] = await Promise.all([load(webFont), load(localFont)]);
  const sizeAdjust = web.xWidthAvg / web.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': percent(web.ascent / web.unitsPerEm / sizeAdjust),
    'descent-override': percent(Math.abs(web.descent) / web.unitsPerEm / sizeAdjust),
    'line-gap-override': percent(web.lineGap / web.unitsPerEm / sizeAdjust),
  };
}
