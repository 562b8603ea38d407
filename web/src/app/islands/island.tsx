/**
 * Places an island in a page at build time: its component is rendered on its own, as the browser
 * will hydrate it (its own React root, its own useId prefix), inside an element that tells the
 * browser which island it is, when to wake it and with which props. Only the prerender renders
 * this; the browser never loads it.
 */
import { createElement, type ComponentType } from 'react';
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

const modules = byIslandName(import.meta.glob<IslandModule>('../../**/*-island.tsx', { eager: true }));

export function Island({ name, wake, props = {} }: { name: string; wake: Wake; props?: IslandProps }) {
  const Component = modules.get(name)?.default;
  if (!Component) throw new Error(`No island "${name}": expected web/src/**/${name}${ISLAND_FILE_SUFFIX}.`);
  const idPrefix = idPrefixFor(name, props);
  // Its own root, rendered apart from the page (the browser hydrates it apart): createElement,
  // since the component is looked up by name.
  const html = renderToString(<IslandRoot>{createElement(Component, props)}</IslandRoot>, {
    identifierPrefix: idPrefix,
  });
  const badKey = Object.keys(props).find((key) => !PROP_KEY.test(key));
  if (badKey) throw new Error(`The island "${name}" has a prop "${badKey}": keys are lowercase letters.`);
  // Every byte counts in the first round trip: no attribute for the usual wake, one short one per prop.
  const attributes = {
    [ISLAND_ATTRIBUTES.name]: name,
    [ISLAND_ATTRIBUTES.wake]: wake === USUAL_WAKE ? undefined : wake,
    ...Object.fromEntries(Object.entries(props).map(([key, value]) => [ISLAND_ATTRIBUTES.prop + key, value])),
  };
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
