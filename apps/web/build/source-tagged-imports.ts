import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The modules whose dynamic imports load route components (app/router.tsx and the page lists beside it). */
const ROUTE_MODULES = /[\\/]src[\\/]app[\\/](router\.tsx|community-pages\.ts|collections-pages\.ts|admin-pages\.ts)$/;
const DYNAMIC_IMPORT = /\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g;
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/**
 * Server build only: wraps each relative `import('…')` of the route modules in `tagSource` (src/ssr/
 * module-sources.ts), which marks the loaded component with its source path. The server renderer reads
 * the marks of the routes it rendered and names their client chunks, looked up in the client build's
 * manifest (keyed by the same source paths), in modulepreload links.
 */
export function sourceTaggedImports(): Plugin {
  let root = process.cwd();
  return {
    name: 'wink:source-tagged-imports',
    apply: (_config, env) => env.command === 'build' && Boolean(env.isSsrBuild),
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (!ROUTE_MODULES.test(id)) return null;
      const key = (file: string) => path.relative(root, file).split(path.sep).join('/');
      const tagged = code.replace(DYNAMIC_IMPORT, (whole, _quote: string, specifier: string) => {
        const base = path.resolve(path.dirname(id), specifier);
        const file = EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate));
        if (!file) return whole;
        return `__winkTagSource(${whole}, ${JSON.stringify(key(file))}, ${JSON.stringify(key(id))})`;
      });
      if (tagged === code) return null;
      const helper = JSON.stringify(path.join(root, 'src/ssr/module-sources.ts'));
      return { code: `import { tagSource as __winkTagSource } from ${helper};\n${tagged}`, map: null };
    },
  };
}
