import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A lazily loaded screen that can also be fetched ahead of its first render. */
export type Preloadable<P extends object> = ((props: P) => ReactElement) & { preload: () => Promise<void> };

/**
 * `React.lazy` with a `preload()`: once the module has arrived, the screen renders straight away instead of
 * suspending. React holds a revealed Suspense boundary for up to 300 ms after its fallback showed, so a section
 * that suspended on its first render showed its rows that much later even when its code was already here
 * (docs/PERFORMANCE.md#first-rows).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchModule = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be retried by the next render.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchModule().then((component) => ({ default: component })));
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload: () => fetchModule().then(() => undefined) });
}
