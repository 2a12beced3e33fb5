/**
 * The server build's record of which source module each lazily loaded route component came from, so
 * the page's HTML can name the client chunks it needs (modulepreload) from the client build's
 * manifest. vite.config.ts (sourceTaggedImports) wraps the route modules' dynamic imports in the
 * server build with `tagSource`; the browser build is untouched.
 */
const SOURCES = Symbol.for('wink.sources');

type Tagged = { [SOURCES]?: string[] };

export function tagSource<T>(module: Promise<T>, source: string, importer: string): Promise<T> {
  return module.then((loaded) => {
    const component = (loaded as { default?: unknown }).default;
    if ((typeof component === 'function' || (typeof component === 'object' && component !== null)) && !(component as Tagged)[SOURCES]) {
      (component as Tagged)[SOURCES] = [importer, source];
    }
    return loaded;
  });
}

/** The source modules (manifest keys) a route component was loaded through, if the server build tagged it. */
export function sourcesOf(component: unknown): string[] {
  return (component as Tagged | null | undefined)?.[SOURCES] ?? [];
}
