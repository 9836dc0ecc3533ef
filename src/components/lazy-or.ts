import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for code loaded on first use, with what to show when that code cannot be fetched:
 * a page opened before the site was updated asks for files of a build that may be gone (one
 * build back is kept: docs/decisions/042), and a connection can drop. Without it, the failed
 * import throws through React and blanks the island or the whole admin app.
 */
export function lazyOr<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}

/** Words for code that could not be loaded; the site is most likely newer than the page. */
export const CODE_NOT_LOADED = 'This part of the page could not be loaded: the site may have just been updated. Reload the page to go on.';
