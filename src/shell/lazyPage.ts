/**
 * A page whose code is fetched on first use, with two properties React.lazy lacks. `preload()`:
 * the page a person opens first starts downloading at once, in parallel with the engine's boot,
 * instead of after it. And it never suspends: until its code is in it shows "Loading…" itself,
 * then renders the page directly. A suspended page would show the Suspense fallback, which React
 * holds for its 300 ms reveal throttle: a reload whose boot answered before the page's code
 * arrived showed its rows 300 ms late (docs/views.md#the-users-path).
 */
import { createElement, useEffect, useState, type ComponentType, type FunctionComponent } from 'react';
import { BootSpinner } from './BootSpinner';

export type PreloadablePage<P extends object> = FunctionComponent<P> & { preload: () => void };

export function lazyPage<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): PreloadablePage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () =>
    (loading ??= factory().then((module) => {
      loaded = module.default;
      return loaded;
    }));
  const Page = (props: P) => {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (component) return;
      let mounted = true;
      load().then(
        (page) => mounted && setComponent(() => page),
        // Thrown from a render, so the pages' error boundary says the page failed to load.
        (error: unknown) =>
          mounted &&
          setComponent(() => {
            throw error;
          }),
      );
      return () => {
        mounted = false;
      };
    }, [component]);
    return component ? createElement(component, props) : createElement(BootSpinner, { label: 'Loading…' });
  };
  return Object.assign(Page, { preload: () => void load() });
}
