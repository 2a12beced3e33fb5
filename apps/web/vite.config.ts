import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.ts';
import { sourceTaggedImports } from './build/source-tagged-imports.ts';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, transformWithOxc, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Paths the server answers under the web base (Sanctum-style auth) plus the API itself; the dev
// server forwards them so the browser sees one origin, as it does in production.
const serverPaths = [
  '/api',
  '/sanctum',
  '/login',
  '/logout',
  '/register',
  '/check-email',
  '/forgot-password',
  '/reset-password',
  '/email',
  '/verify-email',
];

const target = 'http://127.0.0.1:3000';

// Navigations the service worker leaves to the network because the server answers them itself: the
// API, the CSRF cookie, the dev mail viewer, e-mail verification links and the auth endpoints that
// have no page here. /register, /forgot-password and /reset-password/:token are pages of this app as
// well, so their navigations get the app; the auth POSTs to those paths never reach the fallback,
// which only answers GET navigations.
const serverOnlyNavigations = [
  /^\/api(\/|$)/,
  /^\/sanctum\//,
  /^\/dev\//,
  /^\/verify-email\//,
  /^\/email\//,
  /^\/(login|logout|check-email|reset-password)\/?$/,
];

/**
 * /sw.js (docs/data.md): precaches the app shell, answers navigations with index.html offline, and
 * caches no API response. registerType 'prompt' leaves skip-waiting to lib/service-worker.ts, which
 * registers it with workbox-window (injectRegister false: no inline script, which the CSP forbids).
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
  manifest: {
    name: 'Wink Health',
    short_name: 'Wink Health',
    description: 'A health-information community: trustworthy articles, collections and discussions.',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // The Android shell's start-up and the Capacitor plugins' web fallbacks (web-*.js) never run on the web.
    globIgnores: ['**/start-native-*.js', '**/web-*.js'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: serverOnlyNavigations,
    // Web push: the push and notificationclick handlers (public/sw-push.js).
    importScripts: ['sw-push.js'],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    skipWaiting: false,
    clientsClaim: false,
  },
  devOptions: { enabled: false },
});

const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|@emotion[\\/][^\\/]+|stylis|@mui[\\/](system|utils|styled-engine)|@mui[\\/]material[\\/](styles|CssBaseline|transitions|ButtonBase|Button|Typography|SvgIcon|CircularProgress|Paper)|hoist-non-react-statics|react-is|clsx|@babel[\\/]runtime)[\\/]/;

const APP_CORE_MODULES =
  /[\\/]src[\\/](config\.ts|locales[\\/]en[\\/](common|errors)\.ts|lib[\\/](auth-status|dialogs|notices|api-client|case|cookies|form-encoding|i18n|session|query-client|online-status|errors[\\/][^\\/]+)\.ts|features[\\/]notifications[\\/]api[\\/]get-unread-count\.ts)$/;

/** Below this (bytes of source) a shared chunk is not worth its own request (see codeSplitting). */
const MIN_CHUNK_SIZE = 4 * 1024;

/** markdown-it's entity decoding done by the browser: its 20 KB table stays out of the Markdown chunk. */
export const ENTITIES_FROM_THE_BROWSER = {
  find: /^entities$/,
  replacement: fileURLToPath(new URL('./build/entities-from-the-browser.js', import.meta.url)),
};

/**
 * The page's inline script (src/ssr/before-hydration-script.ts: the colour scheme before the first
 * paint, and what a person does before hydration), compiled, minified and put in index.html's <head>,
 * so it runs before the body is parsed and with no request of its own. The server allows it by hash.
 */
function beforeHydrationScript(): Plugin {
  const file = fileURLToPath(new URL('./src/ssr/before-hydration-script.ts', import.meta.url));
  return {
    name: 'wink:before-hydration-script',
    async transformIndexHtml() {
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      // The module's exports become locals of one function called with the page's window.
      const script = `(function(){${code.replace(/^export /gm, '')}\nbeforeHydration(window)})()`;
      const minified = minifySync('before-hydration.js', script, { compress: { target: 'es2020' }, mangle: true });
      if (minified.errors.length > 0) throw new Error(`${file}: ${minified.errors.map((error) => error.message).join('; ')}`);
      return [{ tag: 'script', children: minified.code.trim(), injectTo: 'head' }];
    },
  };
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function buildId(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

/**
 * The build id shown on the about page. The server build renders that page too, and must show the
 * same id as the browser build it runs beside (a commit can land between the two builds): the browser
 * build writes its id next to its manifest, and the server build (dist-server beside dist) reads it.
 */
function writeBuildId(id: string): Plugin {
  return {
    name: 'wink:build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/build-id.json', source: JSON.stringify({ buildId: id }) });
    },
  };
}

function readBuildId(): Plugin {
  return {
    name: 'wink:browser-build-id',
    config(config) {
      const outDir = path.resolve(config.root ?? process.cwd(), config.build?.outDir ?? 'dist-server');
      const file = path.join(path.dirname(outDir), 'dist', '.vite', 'build-id.json');
      const id = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { buildId: string }).buildId : buildId();
      return { define: { __BUILD_ID__: JSON.stringify(id) } };
    },
  };
}

/**
 * The server's build of src/entry-server.tsx (`vite build --ssr`): one bundle with its dependencies,
 * which the Fastify server imports at run time to render first views (docs/design.md, "First view from the server").
 */
const serverBuild = (): UserConfig => ({
  plugins: [react(), sourceTaggedImports(), readBuildId()],
  resolve: { alias: [ENTITIES_FROM_THE_BROWSER] },
  define: {
    __APP_VERSION__: JSON.stringify(version),
    // React's production server renderer, whatever NODE_ENV the server itself runs with.
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});

const browserBuild = (): UserConfig => {
  const id = buildId();
  return {
    plugins: [react(), beforeHydrationScript(), pwa, precompress(), writeBuildId(id)],
    resolve: { alias: [ENTITIES_FROM_THE_BROWSER] },
    define: {
      __APP_VERSION__: JSON.stringify(version),
      __BUILD_ID__: JSON.stringify(id),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every browser the app supports (and Android's WebView) preloads modules natively.
      modulePreload: { polyfill: false },
      manifest: true,
      rolldownOptions: {
        // Small shared chunks are inlined into the chunks that import them (below), which the bundler
        // allows only when no entry's export signature must be kept; none is imported from outside.
        preserveEntrySignatures: false,
        output: {
          // The entry lists every lazily loaded chunk and each route's preload list: hash-only names keep
          // those lists short (1.4 KB off every first paint). The manifest maps them back to sources.
          chunkFileNames: 'assets/[hash].js',
          // What every page needs (React, the router, TanStack Query, Emotion) travels as one chunk: one
          // request instead of a dozen, and gzip compresses it better as a whole. MUI is left to the
          // bundler's own splitting, so a component stays with the pages that use it.
          codeSplitting: {
            // No chunk of a few hundred bytes costing a request of its own: the bundler's automatic
            // common chunks under 4 KB (source size) are copied into each chunk that imports them.
            experimentalInlineCommonChunks: { maxSize: MIN_CHUNK_SIZE },
            groups: [
              { name: 'framework', test: FRAMEWORK_MODULES, priority: 10 },
              // The app's own start-up modules, shared by the entry and the pages: one chunk, not ten.
              { name: 'app-core', test: APP_CORE_MODULES, priority: 5 },
            ],
          },
        },
      },
    },
    server: {
      proxy: Object.fromEntries(serverPaths.map((path) => [path, { target, changeOrigin: false }])),
    },
  };
};

export default defineConfig((env) => (env.isSsrBuild ? serverBuild() : browserBuild()));
