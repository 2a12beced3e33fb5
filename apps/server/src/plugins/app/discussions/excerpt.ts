import { EXCERPT_LENGTH } from '@wink/contracts';

const ELLIPSIS = '…';

/**
 * Markdown as the words a reader would see: the summary of a card and of an invite-only preview.
 * Not a full Markdown parser; it removes the syntax people actually type so no `**`, `](http` or
 * `<b>` shows up in a preview, and keeps the text of links, images (alt) and code.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // Fenced code: keep the code, drop the fences and their language tag.
      .replace(/^\s*(```|~~~)[^\n]*$/gm, '')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ' ')
      // A link's address may hold parentheses of its own ("javascript:alert(1)", Wikipedia's "(disambiguation)").
      .replace(/!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
      .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1')
      .replace(/^\s{0,3}(?:[-*_]\s*){3,}$/gm, '')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}(?:>\s?)+/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
      .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, '')
      .replace(/\|/g, ' ')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/(\*\*?)(?=\S)([\s\S]*?\S)\1/g, '$2')
      // Underscores only at word edges: snake_case_words are not emphasis.
      .replace(/(^|[^\w\\])(__?)(?=\S)([\s\S]*?\S)\2(?!\w)/g, '$1$3')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The first `length` characters of the body as plain text, cut at a word boundary with an ellipsis
 * when it goes on (the ellipsis counts towards the length, so a card can reserve the space).
 */
export function excerptOf(markdown: string, length = EXCERPT_LENGTH): string {
  const text = markdownToPlainText(markdown);
  if (text.length <= length) return text;
  const room = text.slice(0, length - ELLIPSIS.length + 1);
  const boundary = room.lastIndexOf(' ');
  // One enormous word (a pasted URL) has no boundary to cut at: cut it where the room ends.
  const cut = boundary > length / 2 ? room.slice(0, boundary) : room.slice(0, length - ELLIPSIS.length);
  return cut.replace(/[\s.,;:!?\-–—]+$/, '') + ELLIPSIS;
}
