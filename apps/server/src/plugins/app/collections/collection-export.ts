import type { ExportFormat } from '@wink/contracts';
import type { ItemRow } from './collections-repository';

/** What an export needs of an item: its article and note, in collection order. */
export type ExportItem = Pick<ItemRow, 'article' | 'note' | 'position'> & { addedAt: Date };

export interface ExportFile {
  filename: string;
  /** RFC 6266's `filename*`: the collection's own name, for browsers that read it. */
  contentDisposition: string;
  contentType: string;
  body: string;
}

const FORMATS: Record<ExportFormat, { extension: string; contentType: string; render: (items: ExportItem[]) => string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8', render: toCsv },
  ris: { extension: 'ris', contentType: 'application/x-research-info-systems; charset=utf-8', render: toRis },
  bibtex: { extension: 'bib', contentType: 'application/x-bibtex; charset=utf-8', render: toBibtex },
};

export function exportCollection(name: string, items: ExportItem[], format: ExportFormat): ExportFile {
  const { extension, contentType, render } = FORMATS[format];
  const filename = `${slugOf(name)}.${extension}`;
  const ownName = `${name.replace(/[\p{Cc}/\\:*?"<>|]+/gu, '-').trim() || 'collection'}.${extension}`;
  return {
    filename,
    contentDisposition: `attachment; filename="${filename}"; filename*=UTF-8''${encodeRfc5987(ownName)}`,
    contentType,
    body: render(items),
  };
}

/** ASCII only, so the plain `filename` parameter needs no quoting rules at all. */
export function slugOf(name: string): string {
  const slug = asciiFold(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'collection';
}

/** Letters Unicode does not decompose into a base letter and a mark. */
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D' };

const asciiFold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œŒæÆßøØłŁđĐ]/g, (c) => LIGATURES[c]!);

const encodeRfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** One line for line-based formats: newlines and other control characters become single spaces. */
const oneLine = (s: string) =>
  s
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const yearOf = (date: string | null) => (date ? date.slice(0, 4) : '');

/**
 * PubMed writes authors as "Lastname Initials" (Smith JA); citation tools want "Lastname, Initials".
 * Anything else (a collective name, a web page's organisation) is left as it is.
 */
export function authorParts(author: string): { last: string; initials: string } | null {
  const match = /^(.+?)\s+([\p{Lu}]{1,4})$/u.exec(author.trim());
  return match ? { last: match[1]!, initials: match[2]! } : null;
}

// ---------------------------------------------------------------------------------------------- CSV

const CSV_HEADER = ['Position', 'Title', 'Authors', 'Journal', 'Published', 'Source', 'Source ID', 'URL', 'Note', 'Added'];

/**
 * RFC 4180: CRLF lines; a field with a comma, quote or line break is quoted and its quotes doubled.
 * Spreadsheets run cells starting with = + - @ (or a tab or CR) as formulas, so those get a leading
 * apostrophe first (OWASP's CSV injection advice). A BOM tells Excel the file is UTF-8.
 */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function toCsv(items: ExportItem[]): string {
  const rows = items.map((item) => {
    const a = item.article;
    return [
      String(item.position + 1),
      a.title,
      a.authors.join('; '),
      a.journal ?? '',
      a.publishedAt ?? '',
      a.source,
      a.externalId,
      a.url ?? '',
      item.note ?? '',
      item.addedAt.toISOString(),
    ];
  });
  return `\uFEFF${[CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------- RIS

const RIS_DATABASE = { pubmed: 'PubMed', medlineplus: 'MedlinePlus', curated: 'Wink Health' } as const;

/** RIS (Zotero, EndNote, Mendeley): one `TAG  - value` per line, CRLF, each record closed by `ER  - `. */
function toRis(items: ExportItem[]): string {
  return items
    .map((item) => {
      const a = item.article;
      const lines: [string, string][] = [['TY', a.source === 'pubmed' ? 'JOUR' : 'ELEC']];
      lines.push(['TI', a.title]);
      for (const author of a.authors) {
        const parts = authorParts(author);
        lines.push(['AU', parts ? `${parts.last}, ${parts.initials}` : author]);
      }
      if (a.journal) lines.push(['JO', a.journal]);
      if (a.publishedAt) {
        lines.push(['PY', yearOf(a.publishedAt)]);
        lines.push(['DA', a.publishedAt.replace(/-/g, '/')]);
      }
      if (a.url) lines.push(['UR', a.url]);
      lines.push(['DB', RIS_DATABASE[a.source]]);
      lines.push(['AN', a.externalId]);
      if (item.note) lines.push(['N1', item.note]);
      const body = lines
        .map(([tag, value]) => [tag, oneLine(value)] as const)
        .filter(([, value]) => value !== '')
        .map(([tag, value]) => `${tag}  - ${value}`);
      return [...body, 'ER  - '].join('\r\n');
    })
    .map((record) => `${record}\r\n`)
    .join('\r\n');
}

// ------------------------------------------------------------------------------------------- BibTeX

/**
 * BibTeX counts braces even after a backslash, so `\{` would unbalance a field: braces become the
 * LaTeX text commands instead (whose own `{}` pairs are balanced). The other specials are escaped.
 */
const BIBTEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
};

export const bibtexEscape = (value: string) => oneLine(value).replace(/[\\{}$&%#_^~]/g, (c) => BIBTEX_SPECIAL[c]!);

/** A URL stays a URL (no backslashes in it): only what would break the field is percent-encoded. */
const bibtexUrl = (url: string) =>
  oneLine(url).replace(/[{}\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** "Smith JA" -> "Smith, J. A."; a collective name in braces so BibTeX does not split it at "and" or spaces. */
function bibtexAuthor(author: string): string {
  const parts = authorParts(author);
  if (!parts) return `{${bibtexEscape(author)}}`;
  const last = /\s(and)\s/i.test(parts.last) ? `{${bibtexEscape(parts.last)}}` : bibtexEscape(parts.last);
  return `${last}, ${[...parts.initials].map((c) => `${c}.`).join(' ')}`;
}

/** authoryearword, ASCII letters and digits only (the characters every BibTeX accepts in a key). */
function baseKey(item: ExportItem): string {
  const a = item.article;
  const first = a.authors[0] ? (authorParts(a.authors[0])?.last ?? a.authors[0]) : '';
  const word = a.title.split(/\s+/).find((w) => asciiFold(w).replace(/[^A-Za-z0-9]/g, '').length > 3) ?? '';
  const key = [first.split(/\s+/)[0] ?? '', yearOf(a.publishedAt), word]
    .map((s) => asciiFold(s).replace(/[^A-Za-z0-9]/g, ''))
    .join('')
    .toLowerCase();
  return /^[a-z]/.test(key) ? key : `item${key}`;
}

/** Unique within the file: a second smith2020metformin becomes smith2020metformina, then ...b. */
export function citationKeys(items: ExportItem[]): string[] {
  const used = new Set<string>();
  return items.map((item) => {
    const base = baseKey(item);
    let key = base;
    for (let n = 0; used.has(key); n++) key = `${base}${n < 26 ? String.fromCharCode(97 + n) : n}`;
    used.add(key);
    return key;
  });
}

function toBibtex(items: ExportItem[]): string {
  const keys = citationKeys(items);
  return items
    .map((item, i) => {
      const a = item.article;
      const fields: [string, string][] = [['title', `{${bibtexEscape(a.title)}}`]];
      if (a.authors.length) fields.push(['author', a.authors.map(bibtexAuthor).join(' and ')]);
      if (a.journal) fields.push([a.source === 'pubmed' ? 'journal' : 'howpublished', bibtexEscape(a.journal)]);
      else if (a.source !== 'pubmed') fields.push(['howpublished', RIS_DATABASE[a.source]]);
      if (a.publishedAt) {
        fields.push(['year', yearOf(a.publishedAt)]);
        fields.push(['date', a.publishedAt]);
      }
      if (a.url) fields.push(['url', bibtexUrl(a.url)]);
      if (a.source === 'pubmed') fields.push(['pmid', bibtexEscape(a.externalId)]);
      if (item.note) fields.push(['note', bibtexEscape(item.note)]);
      const type = a.source === 'pubmed' ? 'article' : 'misc';
      return `@${type}{${keys[i]},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}\n`;
    })
    .join('\n');
}
