import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { editorTextToRichText, richTextWords, sanitizeRichText } from './rich-text';

const SITE = 'https://sme-hair.example.com';

/** One browser document for every check: parsing into it is fast, making one is not. */
const { document } = new JSDOM('<!doctype html><body></body>').window;

/** What a browser makes of the sanitised HTML: the elements and attributes it would run with. */
function parsed(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return [...root.querySelectorAll('*')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: [...element.attributes].map((attribute) => [attribute.name, attribute.value] as const),
  }));
}

/** The sanitiser's promise, as a browser would see its output. */
function expectInert(html: string) {
  for (const { tag, attributes } of parsed(html)) {
    expect(['p', 'br', 'strong', 'a']).toContain(tag);
    for (const [name, value] of attributes) {
      expect(`${tag}[${name}]`).toBe('a[href]');
      expect(value).toMatch(/^\/(?![/\\])/);
    }
  }
}

describe('a description keeps paragraphs, line breaks, bold and links to this site, and nothing else', () => {
  it.each([
    [
      'a script, with its code',
      '<p>Soft hair.</p><script>alert(document.cookie)</script>',
      '<p>Soft hair.</p>',
    ],
    ['an image with onerror', '<p>Soft<img src=x onerror="alert(1)"> hair.</p>', '<p>Soft hair.</p>'],
    ['an onclick on a paragraph', '<p onclick="steal()">Soft hair.</p>', '<p>Soft hair.</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">Order</a>', 'Order'],
    ['a javascript: link in disguise', '<a href=" JaVaScRiPt&#58;alert(1)">Order</a>', 'Order'],
    [
      'a link to another site',
      '<p><a href="https://cheap-hair.example/">Cheaper here</a></p>',
      '<p>Cheaper here</p>',
    ],
    ['a protocol-relative link', '<a href="//cheap-hair.example/x">x</a>', 'x'],
    ['a backslash link browsers read as another host', '<a href="/\\cheap-hair.example">x</a>', 'x'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    [
      'an SVG with onload, with its content',
      '<svg onload=alert(1)><text>hi</text></svg><p>ok</p>',
      '<p>ok</p>',
    ],
    ['a frame', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['a style', '<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['a comment that hides markup', '<!--<script>alert(1)</script>--><p>ok</p>', '<p>ok</p>'],
    [
      'a tag left open at the end',
      '<p>Soft <img src=x onerror=alert(1)',
      '<p>Soft &lt;img src=x onerror=alert(1)</p>',
    ],
    [
      'escaped markup, which stays text',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ],
    ['a style attribute on bold', '<strong style="position:fixed">Bulk</strong>', '<strong>Bulk</strong>'],
    ['b as bold', '<b>Bulk</b> buyers', '<strong>Bulk</strong> buyers'],
    [
      'lists, headings and emphasis as their words',
      '<h3>Care</h3><ul><li><em>Wash</em> gently</li></ul>',
      'CareWash gently',
    ],
    ['unclosed paragraphs and bold', '<p><strong>Bulk', '<p><strong>Bulk</strong></p>'],
  ])('drops %s', (_, html, expected) => {
    const clean = sanitizeRichText(html);
    expect(clean).toBe(expected);
    expectInert(clean);
  });

  it.each([
    [
      'a link to a product',
      '<a href="/products/description/machine-weft">Machine Weft</a>',
      '<a href="/products/description/machine-weft">Machine Weft</a>',
    ],
    [
      'a link with a fragment',
      '<p>See <a href="/enquiry#form" title="x" onclick="y">the form</a>.</p>',
      '<p>See <a href="/enquiry#form">the form</a>.</p>',
    ],
    [
      'the site’s own address, made a path',
      `<a href="${SITE}/about">About us</a>`,
      '<a href="/about">About us</a>',
    ],
    [
      'line breaks and bold',
      '<p><strong>For bulk buyers:</strong> on request.<br>\nAsk us.</p>',
      '<p><strong>For bulk buyers:</strong> on request.<br>\nAsk us.</p>',
    ],
  ])('keeps %s', (_, html, expected) => {
    expect(sanitizeRichText(html, SITE)).toBe(expected);
    expectInert(expected);
  });

  const fragments = fc.constantFrom(
    '<p>',
    '</p>',
    '<br>',
    '<br/>',
    '<strong>',
    '</strong>',
    '<b>',
    '</b>',
    '<a href="/enquiry">',
    '<a href="javascript:x">',
    '<a href=//evil>',
    '</a>',
    '<script>',
    '</script>',
    '<img src=x onerror=alert(1)>',
    '<img',
    ' onerror=',
    '"',
    "'",
    '>',
    '<',
    '&lt;',
    '&amp;',
    '&#60;script&#62;',
    '<svg>',
    '</svg>',
    '<!--',
    '-->',
    '<style>',
    '<iframe>',
    '<p onclick=x>',
    'text',
    ' ',
    '\n',
    'é',
    '<a href="/x" onmouseover="y">',
  );
  const htmlish = fc
    .array(fc.oneof(fragments, fc.string()), { maxLength: 40 })
    .map((parts) => parts.join(''));

  it('leaves only paragraphs, line breaks, bold and same-site links in any markup, as a browser parses it', () => {
    fc.assert(
      fc.property(htmlish, (html) => expectInert(sanitizeRichText(html))),
      { numRuns: 2_000 },
    );
  });

  it('changes nothing when it runs twice', () => {
    fc.assert(
      fc.property(htmlish, (html) => {
        const once = sanitizeRichText(html);
        expect(sanitizeRichText(once)).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the owner writes a description as text', () => {
  it('makes paragraphs of blank lines, line breaks of line breaks, bold of *words* and links of [words](/path)', () => {
    expect(
      editorTextToRichText(
        '*Bulk buyers:* ask us.\nWe reply in a day.\n\nSee [Machine Weft](/products/description/machine-weft).',
      ),
    ).toBe(
      '<p><strong>Bulk buyers:</strong> ask us.<br>\nWe reply in a day.</p>\n<p>See <a href="/products/description/machine-weft">Machine Weft</a>.</p>',
    );
  });

  it('keeps typed markup as the characters typed: a script the owner pastes is text, never code', () => {
    const typed = '<script>alert(1)</script> and <img src=x onerror=alert(1)>';
    const html = editorTextToRichText(typed);
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;</p>');
    expectInert(html);
    expect(richTextWords(html)).toBe(typed);
  });

  it('leaves a link to another site as the words typed', () => {
    expect(editorTextToRichText('[Cheaper](https://cheap.example) and [x](javascript:alert(1))')).toBe(
      '<p>[Cheaper](https://cheap.example) and [x](javascript:alert(1))</p>',
    );
  });
});
