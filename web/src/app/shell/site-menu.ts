/**
 * The phone menu's behaviour, on the header site-header.tsx renders: the button opens and closes
 * the list of links, Escape closes it and puts focus back on the button when it was inside.
 * Plain DOM, so it answers the first tap at once, before (and without) any React.
 */
export const MENU_TOGGLE_CLASS = 'site-nav__toggle';
export const MENU_LABELS = { open: 'Open menu', close: 'Close menu' } as const;

export function enhanceSiteMenu(doc: Document): void {
  const toggle = doc.querySelector<HTMLButtonElement>(`.${MENU_TOGGLE_CLASS}`);
  const list = toggle && doc.getElementById(toggle.getAttribute('aria-controls') ?? '');
  const label = toggle?.querySelector('.visually-hidden');
  if (!toggle || !list || !label) return;
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    list.setAttribute('data-open', String(open));
    label.textContent = open ? MENU_LABELS.close : MENU_LABELS.open;
  };
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    // Focus on a menu link would be lost with the closing list: it goes back to the button.
    if (list.contains(doc.activeElement)) toggle.focus();
    setOpen(false);
  });
}
