/**
 * Places an island in a page at build time, inside an element that tells the browser which island
 * it is, when to wake it and with which props. A React island's component is rendered on its own,
 * as the browser will hydrate it (its own React root, its own useId prefix); a DOM island's markup
 * is the page's own, given as children, which its code only behaves on. Only the prerender renders
 * this; the browser never loads it.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandRoot } from './island-root';
import {
  idPrefixFor,
  ISLAND_ATTRIBUTES,
  ISLAND_FILE_SUFFIX,
  byIslandName,
  PROP_KEY,
  USUAL_WAKE,
  type IslandProps,
  type Wake,
} from './islands';

type IslandModule = { default: ComponentType<IslandProps> };

const components = byIslandName(import.meta.glob<IslandModule>('../../**/*-island.tsx', { eager: true }));
/** DOM islands are only named here: their code runs in the browser alone. */
const domIslands = new Set(byIslandName(import.meta.glob('../../**/*-island.ts')).keys());

type IslandPlacement = {
  name: string;
  wake: Wake;
  props?: IslandProps;
  /** A DOM island's markup (a React island renders its own). */
  children?: ReactNode;
};

export function Island({ name, wake, props = {}, children }: IslandPlacement) {
  const Component = components.get(name)?.default;
  if (!Component && !domIslands.has(name))
    throw new Error(`No island "${name}": expected web/src/**/${name}${ISLAND_FILE_SUFFIX} (or .ts).`);
  if (Component && children !== undefined)
    throw new Error(`The island "${name}" renders its own markup: it takes no children.`);
  const badKey = Object.keys(props).find((key) => !PROP_KEY.test(key));
  if (badKey) throw new Error(`The island "${name}" has a prop "${badKey}": keys are lowercase letters.`);
  // Every byte counts in the first round trip: no attribute for the usual wake, one short one per prop.
  const attributes = {
    [ISLAND_ATTRIBUTES.name]: name,
    [ISLAND_ATTRIBUTES.wake]: wake === USUAL_WAKE ? undefined : wake,
    ...Object.fromEntries(Object.entries(props).map(([key, value]) => [ISLAND_ATTRIBUTES.prop + key, value])),
  };
  if (!Component) return <div {...attributes}>{children}</div>;
  // Its own root, rendered apart from the page (the browser hydrates it apart): createElement,
  // since the component is looked up by name.
  const html = renderToString(<IslandRoot>{createElement(Component, props)}</IslandRoot>, {
    identifierPrefix: idPrefixFor(name, props),
  });
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
