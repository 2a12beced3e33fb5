import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { EXTERNAL_LINK, isSafeUrl, markdownToHtml } from '@wink/contracts/markdown';

/**
 * Markdown written by members, turned into HTML that is safe to insert. Two layers on purpose: the
 * shared parser (@wink/contracts/markdown) never passes raw HTML through and refuses links outside
 * http, https and mailto; DOMPurify then keeps only the tags Markdown itself produces, so a parser bug
 * or a future option cannot smuggle markup in. Only discussion chunks import this (36 KB with its parsers).
 */

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

let purifier: Purifier | undefined;

function createPurifier(): Purifier {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href && !isSafeUrl(href)) node.removeAttribute('href');
    for (const [name, value] of Object.entries(EXTERNAL_LINK)) node.setAttribute(name, value);
  });
  return purify;
}

/** Sanitised HTML for a Markdown source; an empty string for an empty source. */
export function renderMarkdown(source: string): string {
  purifier ??= createPurifier();
  const html = markdownToHtml(source);
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'start'],
    ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
    ALLOW_DATA_ATTR: false,
  });
}
