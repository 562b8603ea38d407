/**
 * A code-split page that can be loaded ahead of rendering: the browser loads the current page's
 * chunk before hydrating (so hydration never waits) and the other pages when the visitor shows
 * intent to open them. A failed download is retried and never cached (see lib/code-loading).
 */
import { use, useMemo, type ComponentType } from 'react';
import { loadCode } from '../lib/code-loading';
import { useInteractive } from '../lib/hydration';

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Never settles: a boundary suspended on it keeps its prerendered HTML on screen. */
const NEVER = new Promise<never>(() => undefined);

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  /**
   * What renders wait on. Unlike `pending` it keeps a failure: React renders a suspended page
   * again when its promise settles, and a fresh download on each of those renders would never let
   * the failure reach the error boundary (whose answer, a fresh page load, is the real retry).
   */
  let forRender: Promise<ComponentType<P>> | undefined;
  let forHydration: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= loadCode(load).then(
      (module) => {
        loaded = module.default;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function Page(props: P) {
    // Hydrating a page whose code cannot be had: its prerendered HTML stays, readable and with
    // plain links, rather than giving way to an error. After a navigation the failure goes to the
    // page's error boundary instead, which loads the address afresh.
    const hydrating = !useInteractive();
    const Loaded =
      loaded ?? use(hydrating ? (forHydration ??= preload().catch(() => NEVER)) : (forRender ??= preload()));
    // The same element when only `hydrating` changed: the page below is not rendered again, so a
    // part of it still waiting to hydrate (a deferred form) is not discarded as updated.
    return useMemo(() => <Loaded {...props} />, [Loaded, props]);
  }
  return Object.assign(Page, { preload });
}
