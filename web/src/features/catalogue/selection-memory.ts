/**
 * The navigation memory of spec section 3: which category and product the visitor picked last
 * ("Read More" or the sidebar). Kept in sessionStorage, so it survives a reload and ends with the tab.
 */
import type { Selection } from './catalogue-index';

const MEMORY_KEY = 'sme:selected-product';

export function rememberSelection(selection: Selection): void {
  try {
    window.sessionStorage.setItem(MEMORY_KEY, JSON.stringify(selection));
  } catch {
    // Without storage the URL still carries the product.
  }
}

export function recallSelection(): Selection | null {
  try {
    const raw = window.sessionStorage.getItem(MEMORY_KEY);
    if (!raw) return null;
    const { categoryIndex, productIndex } = JSON.parse(raw) as Partial<Selection>;
    return Number.isInteger(categoryIndex) && Number.isInteger(productIndex)
      ? { categoryIndex: categoryIndex as number, productIndex: productIndex as number }
      : null;
  } catch {
    return null;
  }
}
