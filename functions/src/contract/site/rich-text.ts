/**
 * A product's description is rich text of four things only: paragraphs, line breaks, bold and
 * links to pages of this site. `sanitizeRichText` keeps exactly those and turns everything else into
 * text or nothing: a tag it does not know is dropped (its text kept, escaped), a script, a style or
 * a frame goes with its content, an attribute other than a link's address goes, and a link that
 * leaves the site (`https://elsewhere`, `//elsewhere`, `javascript:`, `data:`) loses its address and
 * stays as plain words. It works on the string alone (no DOM), so the inbox runs it before a save,
 * the build and the publish run it before a render, and a document written straight to Firestore
 * is shown inert whatever it holds. Its output is its own fixed point: sanitising twice changes nothing.
 *
 * The owner writes it in the editor as text (`editorTextToRichText`): an empty line starts a
 * paragraph, a line break is a line break, `*words*` are bold (as WhatsApp writes them) and
 * `[words](/products)` links to a page of the site.
 *
 * Part of the contract: no imports.
 */

/** Elements whose content is not text a visitor should read: dropped whole. */
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|textarea|title|noscript|template|svg|math|xmp|noembed|noframes|select)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** A comment, a doctype or a processing instruction: never shown. */
const NOT_CONTENT = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;
/** A start or end tag, with its attributes (quoted values may hold `>`). */
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
};

/** Text with its character references read (unknown names are left as written). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // No NUL, no surrogate halves, nothing past Unicode.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * The address a link may keep: a path on this site (`/products/description/machine-weft`,
 * `/enquiry#form`), or the site's own origin's address made into that path. Never a scheme, never
 * `//host` or `/\host` (which browsers read as another host), never a control character.
 */
export function sameSitePath(href: string, siteOrigin?: string): string | null {
  let address = href.trim();
  if (siteOrigin && address.toLowerCase().startsWith(`${siteOrigin.toLowerCase()}/`))
    address = address.slice(siteOrigin.length);
  // eslint-disable-next-line no-control-regex -- a control character in an address is refused
  if (!/^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(address)) return null;
  return address;
}

type OpenElement = 'p' | 'strong' | 'a' | 'dropped-a';

/** The description with only paragraphs, line breaks, bold and same-site links left (see the file's comment). */
export function sanitizeRichText(html: string, siteOrigin?: string): string {
  const source = String(html).replace(DROPPED_WITH_CONTENT, '').replace(NOT_CONTENT, '');
  const out: string[] = [];
  const open: OpenElement[] = [];
  const close = (element: OpenElement) => {
    if (element !== 'dropped-a') out.push(`</${element}>`);
  };
  /** Closes the open elements down to and including the innermost `element`. */
  const closeDownTo = (...elements: OpenElement[]) => {
    const at = open.findLastIndex((candidate) => elements.includes(candidate));
    if (at === -1) return;
    while (open.length > at) close(open.pop() as OpenElement);
  };
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    out.push(escapeText(decodeEntities(source.slice(last, match.index))));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const attributes = match[3] ?? '';
    if (name === 'p') {
      closeDownTo('p');
      if (!closing) {
        // A paragraph ends whatever bold or link ran on before it.
        while (open.length) close(open.pop() as OpenElement);
        open.push('p');
        out.push('<p>');
      }
    } else if (name === 'br') {
      out.push('<br>');
    } else if (name === 'strong' || name === 'b') {
      if (closing) closeDownTo('strong');
      else {
        open.push('strong');
        out.push('<strong>');
      }
    } else if (name === 'a') {
      closeDownTo('a', 'dropped-a');
      if (!closing) {
        const href = HREF.exec(attributes);
        const path = href
          ? sameSitePath(decodeEntities(href[1] ?? href[2] ?? href[3] ?? ''), siteOrigin)
          : null;
        if (path === null) open.push('dropped-a');
        else {
          open.push('a');
          out.push(`<a href="${escapeAttribute(path)}">`);
        }
      }
    }
    // Any other tag goes; its text stays.
  }
  out.push(escapeText(decodeEntities(source.slice(last))));
  while (open.length) close(open.pop() as OpenElement);
  return out.join('');
}

/** The words of a description, as a visitor reads them (for lengths and for "what changed"). */
export function richTextWords(html: string): string {
  return decodeEntities(
    sanitizeRichText(html)
      .replace(/<br>|<\/p>/g, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The description as the owner edits it: paragraphs apart by an empty line, line breaks as line
 * breaks, bold as `*words*`, links as `[words](/path)`.
 */
export function richTextToEditorText(html: string): string {
  const clean = sanitizeRichText(html);
  const paragraphs = clean
    .split(/<\/p>/)
    .map((part) => part.replace(/<p>/g, ''))
    .map((part) =>
      part
        .replace(/\s+/g, ' ')
        .replace(/\s*<br>\s*/g, '\n')
        .replace(/<strong>([\s\S]*?)<\/strong>/g, '*$1*')
        .replace(
          /<a href="([^"]*)">([\s\S]*?)<\/a>/g,
          (_, href: string, words: string) => `[${words}](${href})`,
        )
        .replace(/<[^>]*>/g, ''),
    )
    .map((part) => decodeEntities(part).trim())
    .filter(Boolean);
  return paragraphs.join('\n\n');
}

/** The editor's text as rich text (then sanitised, so what is saved is what a render keeps). */
export function editorTextToRichText(text: string, siteOrigin?: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      // Bold first: an address holds no `*` (nor, escaped, `<`), so no tag lands inside one.
      const inline = escapeText(paragraph)
        .replace(/\*([^*\n]+)\*/g, '<strong>$1</strong>')
        .replace(/\[([^\]\n]+)\]\(([^)\s*<>]+)\)/g, (whole, words: string, href: string) => {
          const path = sameSitePath(decodeEntities(href), siteOrigin);
          return path === null ? whole : `<a href="${escapeAttribute(path)}">${words}</a>`;
        })
        .replace(/[ \t]*\n[ \t]*/g, '<br>\n');
      return `<p>${inline}</p>`;
    });
  return sanitizeRichText(paragraphs.join('\n'), siteOrigin);
}
