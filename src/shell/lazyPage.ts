/**
 * `React.lazy` with two additions. `preload()`: the page a person opens first starts downloading
 * at once, in parallel with the engine's boot, instead of after it. And once a page's code is in,
 * it renders directly: React.lazy would still suspend for a tick, and React then holds the
 * fallback for its 300 ms reveal throttle, a needless "Loading…" flash on every visit.
 */
import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

export type PreloadablePage<P extends object> = FunctionComponent<P> & { preload: () => void };

export function lazyPage<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): PreloadablePage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () =>
    (loading ??= factory().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(load);
  const Page = (props: P) => {
    // Chosen once per mount: switching from Lazy to the module later would remount the page.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  };
  return Object.assign(Page, { preload: () => void load() });
}
