import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * No vendor prefixes: the browsers the app supports (Chrome and the Android WebView, Firefox, Safari 16 and
 * later) read the standard properties, and stylis's prefixer made every rule longer (`display:flex` came
 * with three older spellings), which a phone downloads and parses in every first view. One array for
 * every cache: Emotion's server keeps its compiled rules per plugin list, so they are compiled once.
 */
const STYLIS_PLUGINS: StylisPlugin[] = [];

/** Emotion's cache for MUI's styles, made the same way by the server renderer and the browser. */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
}
