import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import MarkdownIt from 'markdown-it';

/**
 * Markdown written by members, turned into HTML that is safe to insert. Two layers on purpose:
 * markdown-it never passes raw HTML through (html: false) and refuses links outside http, https and
 * mailto; DOMPurify then keeps only the tags Markdown itself produces, so a parser bug or a future
 * option cannot smuggle markup in. Only discussion chunks import this (it is ~60 KB with its parsers).
 */

const SAFE_SCHEME = /^(https?|mailto):/i;
// Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:"), so we do too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

function isSafeUrl(url: string): boolean {
  return SAFE_SCHEME.test(url.replace(IGNORED_IN_SCHEME, ''));
}

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

let parser: MarkdownIt | undefined;
let purifier: Purifier | undefined;

function createParser(): MarkdownIt {
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

  // No images from Markdown (tracking pixels, unexpected content): the picture becomes a link to it.
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const src = token.attrGet('src') ?? '';
    const label = self.renderInlineAsText(token.children ?? [], options, env) || src;
    return `<a href="${escape(src)}">${escape(label)}</a>`;
  };
  return md;
}

function createPurifier(): Purifier {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href && !isSafeUrl(href)) node.removeAttribute('href');
    // Every link leaves the app: a new tab, no opener, no endorsement for search engines.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener nofollow ugc');
    node.setAttribute('class', 'external-link');
  });
  return purify;
}

/** Sanitised HTML for a Markdown source; an empty string for an empty source. */
export function renderMarkdown(source: string): string {
  parser ??= createParser();
  purifier ??= createPurifier();
  const html = parser.render(source);
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'start'],
    ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
    ALLOW_DATA_ATTR: false,
  });
}
