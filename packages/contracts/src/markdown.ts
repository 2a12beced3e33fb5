import MarkdownIt from 'markdown-it';

/**
 * The Markdown members write, as both sides render it: the server for what a page shows first (a
 * discussion's body arrives as `body_html`, so no parser is on a phone's first paint), the web app
 * for what is written on the device (previews, live comments). Safe by construction: markdown-it
 * never passes raw HTML through (html: false) and refuses links outside http, https and mailto; the
 * web app sanitises its own output once more (apps/web/src/lib/markdown.ts). Not in the package's
 * index: only the modules that render import it (and markdown-it with it).
 */

const SAFE_SCHEME = /^(https?|mailto):/i;
// Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:"), so we do too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

export function isSafeUrl(url: string): boolean {
  return SAFE_SCHEME.test(url.replace(IGNORED_IN_SCHEME, ''));
}

/** Every link leaves the app: a new tab, no opener, no endorsement for search engines. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener nofollow ugc', class: 'external-link' } as const;

function createMarkdownParser(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.validateLink = isSafeUrl;
  const escape = md.utils.escapeHtml;

  // A member's "# Title" must not outrank the page's own h1 and h2: headings start at h3.
  const shiftHeading = (tokens: { tag: string }[], idx: number) => {
    const token = tokens[idx]!;
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
  };
  md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
    shiftHeading(tokens, idx);
    return self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
    shiftHeading(tokens, idx);
    return self.renderToken(tokens, idx, options);
  };

  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    for (const [name, value] of Object.entries(EXTERNAL_LINK)) token.attrSet(name, value);
    return self.renderToken(tokens, idx, options);
  };

  // No images from Markdown (tracking pixels, unexpected content): the picture becomes a link to it.
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const src = token.attrGet('src') ?? '';
    const label = self.renderInlineAsText(token.children ?? [], options, env) || src;
    const attributes = Object.entries(EXTERNAL_LINK)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    return `<a href="${escape(src)}"${attributes}>${escape(label)}</a>`;
  };
  return md;
}

let parser: MarkdownIt | undefined;

/** HTML for a Markdown source, by the shared parser (server side: nothing else is needed). */
export function markdownToHtml(source: string): string {
  parser ??= createMarkdownParser();
  return parser.render(source);
}
