/**
 * Islands: the few parts of a prerendered page a visitor can touch (a form, the carousel, the
 * catalogue's reveal, a popup, the sales inbox) each take over their own piece of the page when
 * they are needed; the rest of the page stays the HTML it arrived as and runs no code at all.
 *
 * An island is one of two kinds of file:
 * - `<name>-island.tsx`, whose default export is a React component: the build renders it as its
 *   own root and the browser hydrates it (React comes with it);
 * - `<name>-island.ts`, plain DOM code whose `wake(element, props)` gives behaviour to the markup
 *   the page itself renders inside the island (a timer, a dialog): no React at all.
 * Pages place either with <Island name wake props> (island.tsx, build time only); the browser finds
 * it by `data-island` and wakes it (wake-islands.ts). No React here: every page loads this module.
 */

/** When an island takes over its piece of the page, besides the visitor reaching into it. */
export const WAKES = ['load', 'visible', 'idle'] as const;
export type Wake = (typeof WAKES)[number];
/** The wake an island element has when it carries no data-wake. */
export const USUAL_WAKE: Wake = 'load';

/**
 * The props an island gets from the page: a few strings, each written into the HTML as its own
 * attribute (`data-p-<key>`, so keys are lowercase letters), the fewest bytes for the first round trip.
 */
export type IslandProps = Record<string, string>;

/** Props' keys become attribute names: lowercase letters only. */
export const PROP_KEY = /^[a-z]+$/;

/** A React island's file name ends so; a DOM island's the same without the x. */
export const ISLAND_FILE_SUFFIX = '-island.tsx';

/** A DOM island's module: what it does to its piece of the page when it wakes. */
export type DomIslandModule = { wake: (element: HTMLElement, props: IslandProps) => void };

/** `../features/enquiry/enquiry-form-island.tsx` → `enquiry-form`; `../features/catalogue/catalogue-island.ts` → `catalogue`. */
const islandNameOf = (path: string) => /([a-z-]+)-island\.tsx?$/.exec(path)?.[1] ?? path;

/** The islands' modules (or their loaders), as import.meta.glob gives them, by island name. */
export const byIslandName = <T>(modules: Record<string, T>): Map<string, T> =>
  new Map(Object.entries(modules).map(([path, module]) => [islandNameOf(path), module]));

/** The attributes of an island's element, set at build time and read in the browser. */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  /** Absent for USUAL_WAKE: every byte counts in the first round trip. */
  wake: 'data-wake',
  /** The prefix of each prop's attribute. */
  prop: 'data-p-',
  /**
   * Set once the island has taken over (a React island's effects have run, a DOM island's wake),
   * to the time it did (Date.now()): what its timers count from.
   */
  awake: 'data-awake',
} as const;

/** Set on <html> once every island that wakes at load has taken over: the page is interactive. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** An island element's props, as island.tsx wrote them. */
export function propsOf(element: Element): IslandProps {
  const props: IslandProps = {};
  for (const { name, value } of Array.from(element.attributes))
    if (name.startsWith(ISLAND_ATTRIBUTES.prop)) props[name.slice(ISLAND_ATTRIBUTES.prop.length)] = value;
  return props;
}

/** When an island element wakes: its data-wake, or the usual wake, which island.tsx leaves unwritten. */
export const wakeOf = (element: Element): string =>
  element.getAttribute(ISLAND_ATTRIBUTES.wake) ?? USUAL_WAKE;

/** An island's own prefix for React's useId, the same at build time and in the browser. */
export const idPrefixFor = (name: string, props: IslandProps) => `${name}${props.id ? `-${props.id}` : ''}-`;
