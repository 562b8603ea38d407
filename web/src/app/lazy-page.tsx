/**
 * A code-split page that can be loaded ahead of rendering: the browser loads the current page's
 * chunk before hydrating (so hydration never waits) and the other pages when it is idle.
 */
import { use, type ComponentType } from 'react';

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return loaded;
    }));
  function Page(props: P) {
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  return Object.assign(Page, { preload });
}
