/**
 * What the bundle imports as `entities` (vite.config.ts aliases it here): markdown-it asks it to
 * decode one character reference at a time (`&name;`, `&#123;`), and the browser already knows every
 * HTML entity, so the 20 KB decoding table stays out of the Markdown chunk. A detached <textarea>
 * holds text only (RCDATA): what is assigned never becomes markup, and the input here is `&`,
 * letters, digits, `#` and `;` anyway.
 */
let scratch = null;

function decodeReference(reference) {
  scratch ??= globalThis.document.createElement('textarea');
  scratch.innerHTML = reference;
  const decoded = scratch.value;
  // Unknown names come back as they were; a longer unknown name starting with a legacy one (`&notit;`)
  // comes back part-decoded, its tail and `;` still there. Either way the reference is not one.
  return decoded.endsWith(';') && reference !== '&semi;' ? reference : decoded;
}

/** Decodes the references in `text` (markdown-it passes exactly one, `&…;`). */
export function decodeHTML(text) {
  return text.replace(/&(?:#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, decodeReference);
}

/** Strict decoding: the same, since every reference markdown-it passes ends with `;`. */
export const decodeHTMLStrict = decodeHTML;
