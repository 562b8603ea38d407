/**
 * The FAQ accordion's behaviour (spec section 4: collapsed to expanded and back on a click of the
 * question), on the markup faq-list.tsx renders: one listener for every accordion on the page.
 * Plain DOM, so a question answers its first tap at once, before (and without) any React.
 */
export const FAQ_ITEM_CLASS = 'faq__item';
export const FAQ_TOGGLE_CLASS = 'faq__toggle';

export function enhanceFaqs(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const toggle = (event.target as Element | null)?.closest?.(`.${FAQ_TOGGLE_CLASS}`);
    const answer = toggle && doc.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!toggle || !answer) return;
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    answer.hidden = !open;
    toggle.closest(`.${FAQ_ITEM_CLASS}`)?.classList.toggle('faq__item--open', open);
  });
}
