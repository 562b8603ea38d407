/**
 * The navigation memory of spec section 3: which category and product the visitor picked last
 * ("Read More" or the sidebar, both of which open the product's own page). Kept in sessionStorage,
 * so it survives a reload and ends with the tab.
 *
 * A product's page remembers itself; the bare /products/description shows the remembered pick
 * (by opening its page) or, with none, the first product. The page says which it is in the
 * attributes below, so this runs before, and without, any React.
 */
export type RememberedSelection = { categoryIndex: number; productIndex: number; slug: string };

const MEMORY_KEY = 'sme:selected-product';

/** On a product description page's <article>: the product shown, and whether the address named it. */
export const SELECTION_ATTRIBUTE = 'data-selection';
export const BARE_ADDRESS_ATTRIBUTE = 'data-bare-address';

function rememberSelection(selection: RememberedSelection): void {
  try {
    window.sessionStorage.setItem(MEMORY_KEY, JSON.stringify(selection));
  } catch {
    // Without storage the URL still carries the product.
  }
}

function recallSelection(): RememberedSelection | null {
  try {
    const raw = window.sessionStorage.getItem(MEMORY_KEY);
    if (!raw) return null;
    const { categoryIndex, productIndex, slug } = JSON.parse(raw) as Partial<RememberedSelection>;
    return Number.isInteger(categoryIndex) && Number.isInteger(productIndex) && typeof slug === 'string'
      ? { categoryIndex: categoryIndex as number, productIndex: productIndex as number, slug }
      : null;
  } catch {
    return null;
  }
}

/**
 * On a product's page, remembers it; on the bare description address, opens the remembered
 * product's page instead of the first product's (replacing the address, so Back skips it).
 * True when it did: this page is on its way out.
 */
export function followSelection(
  doc: Document,
  productPath: (slug: string) => string,
  open = (url: string) => doc.defaultView?.location.replace(url),
): boolean {
  const article = doc.querySelector<HTMLElement>(`[${SELECTION_ATTRIBUTE}]`);
  const shown =
    article &&
    (JSON.parse(article.getAttribute(SELECTION_ATTRIBUTE) ?? 'null') as RememberedSelection | null);
  if (!article || !shown) return false;
  if (!article.hasAttribute(BARE_ADDRESS_ATTRIBUTE)) {
    rememberSelection(shown);
    return false;
  }
  const remembered = recallSelection();
  if (!remembered || remembered.slug === shown.slug) return false;
  open(productPath(remembered.slug));
  return true;
}
