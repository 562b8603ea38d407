/**
 * The browser's side of islands (see islands.ts): finds each island in the page and wakes it when
 * it is needed: at once (`load`), when it comes near the viewport (`visible`), when the browser is
 * idle (`idle`), and in every case as soon as the visitor reaches into it. Waking a React island
 * loads React and the island's own code and hydrates that piece of the page, and nothing else;
 * waking a DOM island loads its code alone and runs its `wake`.
 *
 * A download that fails is retried; if the code stays unavailable once the visitor is in the island
 * (a new release removed it), whatever they typed is kept as a draft and the page is loaded afresh.
 * Until then the island is its prerendered HTML: readable, its links working, its fields typeable.
 */
import type { ComponentType, ReactNode } from 'react';
import { canLoadAfresh, loadCode, loadPageAfresh } from '../../lib/code-loading';
import { saveTypedForms } from '../../features/enquiry/prerendered-form';
import {
  HYDRATED_ATTRIBUTE,
  idPrefixFor,
  ISLAND_ATTRIBUTES,
  byIslandName,
  propsOf,
  wakeOf,
  WAKES,
  type DomIslandModule,
  type IslandProps,
  type Wake,
} from './islands';

type ReactIslandModule = { default: ComponentType<IslandProps> };
type IslandModule = ReactIslandModule | DomIslandModule;

const reactIslands = byIslandName(import.meta.glob<ReactIslandModule>('../../**/*-island.tsx'));
const domIslands = byIslandName(import.meta.glob<DomIslandModule>('../../**/*-island.ts'));

/** What waking needs from outside: the islands' code, and a fresh page load (tests replace them). */
type WakeOptions = {
  /** The island's code; a DOM island's is named `-island.ts` (that name says it needs no React). */
  loadIsland?: (name: string) => (() => Promise<IslandModule>) | undefined;
  loadAfresh?: () => void;
  /** A button pressed before the page's code arrived (the boot script kept it). */
  pressedBefore?: HTMLButtonElement | null;
};

/** How far below the viewport a `visible` island starts waking. */
const WAKE_MARGIN = '400px 0px';
/** What counts as the visitor reaching into an island. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** An `idle` island wakes by then even on a page that never goes idle. */
const IDLE_DEADLINE_MS = 3_000;

/** Loads React and the island's code, hydrates it, and resolves once it has taken over. */
async function hydrate(
  element: HTMLElement,
  name: string,
  load: () => Promise<ReactIslandModule>,
  started: () => void,
) {
  const [{ hydrateRoot }, { createElement, useEffect }, island] = await Promise.all([
    loadCode(() => import('react-dom/client')),
    loadCode(() => import('react')),
    loadCode(load),
  ]);
  const props = propsOf(element);
  await new Promise<void>((awake) => {
    started();
    // The island's root as island-root.tsx renders it at build time (one component around the
    // island, no element of its own), made here from the React just loaded: once the island
    // below has taken over, its effects included, it says so.
    const IslandRoot = ({ children }: { children: ReactNode }) => {
      useEffect(awake, []);
      return children;
    };
    hydrateRoot(element, createElement(IslandRoot, null, createElement(island.default, props)), {
      identifierPrefix: idPrefixFor(name, props),
    });
  });
}

/** Loads a DOM island's code alone and runs its wake: no React. */
async function behave(element: HTMLElement, load: () => Promise<DomIslandModule>, started: () => void) {
  const island = await loadCode(load);
  started();
  island.wake(element, propsOf(element));
}

/** The code of an island the visitor is using cannot be had: keep what they typed, load afresh. */
function giveUp(element: HTMLElement, error: unknown, loadAfresh: () => void) {
  saveTypedForms(element);
  if (canLoadAfresh()) loadAfresh();
  else console.error('This part of the page could not be loaded.', error);
}

function whenVisible(element: HTMLElement, wake: () => void) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      wake();
    },
    { rootMargin: WAKE_MARGIN },
  );
  // The island's element is `display: contents` (it has no box of its own): watch what it holds.
  const boxes = Array.from(element.children);
  (boxes.length ? boxes : [element]).forEach((box) => observer.observe(box));
}

function whenIdle(wake: () => void) {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(wake, { timeout: IDLE_DEADLINE_MS });
  else window.setTimeout(wake, IDLE_DEADLINE_MS / 3);
}

/** Watches one island; resolves once it has taken over when it wakes at load, at once otherwise. */
function watch(
  element: HTMLElement,
  {
    loadIsland = (name) => reactIslands.get(name) ?? domIslands.get(name),
    loadAfresh = () => loadPageAfresh(),
    pressedBefore = null,
  }: WakeOptions,
): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTRIBUTES.name) ?? '';
  const wakeAt = wakeOf(element) as Wake;
  const load = loadIsland(name);
  let gaveUp = false;
  const failed = (error: unknown) => {
    if (gaveUp) return;
    gaveUp = true;
    giveUp(element, error, loadAfresh);
  };
  if (!load || !WAKES.includes(wakeAt))
    throw new Error(`The page has an unknown island: ${name} (${wakeAt}).`);

  let waking: Promise<void> | undefined;
  let wanted = false;
  let hydrating = false;
  /** A button pressed before hydration began: pressed again once the island has taken over. */
  let pressed = pressedBefore && element.contains(pressedBefore) ? pressedBefore : null;

  const listening = { capture: true, passive: true } as const;
  const inside = (event: Event) => event.target instanceof Node && element.contains(event.target);
  const reached = (event: Event) => {
    if (!inside(event)) return;
    wanted = true;
    void wake().catch(failed);
  };
  const press = (event: Event) => {
    if (!hydrating && inside(event)) pressed = (event.target as Element).closest('button');
  };
  INTERACTIONS.forEach((type) => document.addEventListener(type, reached, listening));
  document.addEventListener('click', press, listening);

  const started = () => (hydrating = true);
  const takeOver = domIslands.has(name)
    ? () => behave(element, load as () => Promise<DomIslandModule>, started)
    : () => hydrate(element, name, load as () => Promise<ReactIslandModule>, started);

  function wake(): Promise<void> {
    waking ??= takeOver().then(
      () => {
        // When, by the page's clock: what the island's timers count from.
        element.setAttribute(ISLAND_ATTRIBUTES.awake, String(Date.now()));
        INTERACTIONS.forEach((type) => document.removeEventListener(type, reached, listening));
        document.removeEventListener('click', press, listening);
        pressed?.click();
      },
      (error: unknown) => {
        waking = undefined;
        hydrating = false;
        throw error;
      },
    );
    return waking;
  }

  // Woken without the visitor: a failure is only tried again when they reach into it.
  const wakeUnasked = () =>
    wake().catch((error: unknown) => {
      if (wanted) failed(error);
    });
  if (wakeAt === 'load') return wakeUnasked();
  if (wakeAt === 'visible') whenVisible(element, () => void wakeUnasked());
  else whenIdle(() => void wakeUnasked());
  return Promise.resolve();
}

/**
 * Wakes every island of the page in its time; <html data-hydrated> marks the moment the islands
 * that wake at load have taken over (at once on a page with none).
 */
export async function wakeIslands(root: ParentNode = document, options: WakeOptions = {}): Promise<void> {
  const islands = Array.from(root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTES.name}]`));
  await Promise.all(islands.map((element) => watch(element, options)));
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
}
