/**
 * The boot script: the one inline script at the end of every page's <body>, allowed by its hash in
 * the Content-Security-Policy (which allows no other inline script). Built from entry-boot.ts into
 * one small classic script by the prerender, and unit-tested here.
 *
 * - The page's code starts downloading once its first screen is painted (the first content, and the
 *   hero picture when the page has one): until then the HTML, its inline CSS and the hero have a
 *   slow connection to themselves. It then adds the full stylesheet (`data-style`: the rest of the
 *   page below its first screen, the web fonts, what dialogs and messages need), the page's entry
 *   module and preloads for the islands that wake at load (`data-modules`, entry first).
 * - Until the code arrives a visitor can already type into a prerendered form; it notes which of
 *   its fields they leave, so the form validates those as soon as it takes over. It also keeps the
 *   last button they pressed (the menu, an FAQ question, a carousel arrow): the code presses it
 *   again as soon as it can answer it.
 * - After the page's load event it adds the web app manifest (Chrome fetches it and its icon as
 *   soon as it sees the link, which would share the first round trips with the first screen).
 */
import { LEFT_CONTROLS_GLOBAL } from '../../features/enquiry/prerendered-form';

/** Set on <html> once the full stylesheet is in (or failed): what the inline CSS hid below the first screen shows. */
export const STYLED_ATTRIBUTE = 'data-styled';
/** Where the boot script keeps the last button pressed before the page's code arrived. */
const PRESSED_BUTTON_GLOBAL = '__smePressedButton';
/** Without paint timing (or in a background tab), or with a hero that takes long, start anyway. */
export const START_ANYWAY_MS = 1500;

export function bootPage(boot: HTMLScriptElement, win: Window & typeof globalThis): void {
  const doc = win.document;
  const left: string[] = [];
  (win as unknown as Record<string, unknown>)[LEFT_CONTROLS_GLOBAL] = left;
  doc.addEventListener(
    'focusout',
    (event) => {
      const control = event.target as HTMLInputElement | null;
      if (control?.form && control.id && !left.includes(control.id)) left.push(control.id);
    },
    true,
  );
  doc.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button) (win as unknown as Record<string, unknown>)[PRESSED_BUTTON_GLOBAL] = button;
    },
    true,
  );
  const modules = (boot.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);
  const style = boot.getAttribute('data-style');
  let started = false;

  const add = (tag: string, properties: Record<string, unknown>) => {
    const element = doc.createElement(tag);
    Object.assign(element, properties);
    doc.head.appendChild(element);
  };

  const afterLoad = () => add('link', { rel: 'manifest', href: '/manifest.webmanifest' });

  const start = () => {
    if (started) return;
    started = true;
    const styled = () => doc.documentElement.setAttribute(STYLED_ATTRIBUTE, '');
    if (style) add('link', { rel: 'stylesheet', href: style, onload: styled, onerror: styled });
    else styled();
    modules.forEach((url, index) => {
      if (index === 0) add('script', { type: 'module', src: url });
      else add('link', { rel: 'modulepreload', href: url });
    });
    if (doc.readyState === 'complete') afterLoad();
    else win.addEventListener('load', afterLoad);
  };

  const afterHero = () => {
    const hero = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    const next = () => win.requestAnimationFrame(() => win.setTimeout(start, 0));
    if (!hero || hero.complete) {
      next();
      return;
    }
    hero.addEventListener('load', next);
    hero.addEventListener('error', next);
  };

  try {
    new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) afterHero();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  win.setTimeout(start, START_ANYWAY_MS);
}

/** The button pressed before the page's code arrived, once: the code that can answer it takes it. */
export function takePressedButton(win: Window = window): HTMLButtonElement | null {
  const globals = win as unknown as Record<string, unknown>;
  const pressed = globals[PRESSED_BUTTON_GLOBAL];
  globals[PRESSED_BUTTON_GLOBAL] = null;
  return pressed instanceof HTMLButtonElement ? pressed : null;
}
