import type { PersonalDetail } from './types';

/** A detail with some of the words around it, as the privacy dialog shows it. */
export interface Excerpt {
  before: string;
  detail: string;
  after: string;
}

const ELLIPSIS = '…';

/**
 * About `radius` characters either side of the detail, cut at a space so no word is split, with an
 * ellipsis where the text goes on and line breaks shown as spaces.
 */
export function excerptAround(text: string, detail: Pick<PersonalDetail, 'start' | 'end'>, radius = 32): Excerpt {
  const flat = (part: string) => part.replace(/\s+/g, ' ');
  let from = Math.max(0, detail.start - radius);
  let to = Math.min(text.length, detail.end + radius);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < detail.start ? space + 1 : detail.start;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    to = space >= detail.end ? space : detail.end;
  }
  return {
    before: (from > 0 ? ELLIPSIS : '') + flat(text.slice(from, detail.start)).trimStart(),
    detail: flat(text.slice(detail.start, detail.end)),
    after: flat(text.slice(detail.end, to)).trimEnd() + (to < text.length ? ELLIPSIS : ''),
  };
}
