import { describe, expect, it } from 'vitest';
import { exportCollection, slugOf, type ExportItem } from '../../src/plugins/app/collections/collection-export';
import { signedIn } from '../community/people';
import { useTestApp } from '../support/test-app';
import { added, created, someArticles } from './support';

const t = useTestApp();

const HOSTILE_TITLE = 'Aspirin, "the wonder drug" {revisited}:\n50% of $cost & #1 in_class ^~ \\ café 心臓 🫀';
const HOSTILE_NOTE = '=HYPERLINK("http://evil.example","click")\r\nsecond line, with "quotes"';

function item(position: number, overrides: Partial<ExportItem['article']> = {}, note: string | null = null): ExportItem {
  return {
    position,
    note,
    addedAt: new Date('2024-05-06T07:08:09.000Z'),
    article: {
      id: crypto.randomUUID(),
      source: 'pubmed',
      externalId: String(1000 + position),
      title: `Title ${position}`,
      authors: ['Smith JA'],
      journal: 'BMJ',
      publishedAt: '2020-05-17',
      url: `https://pubmed.ncbi.nlm.nih.gov/${1000 + position}/`,
      publicationTypes: [],
      ...overrides,
    },
  };
}

const hostile = [
  item(
    0,
    {
      title: HOSTILE_TITLE,
      authors: ['Müller-Lüdenscheidt HK', 'World Health Organization', '+Plus Sign'],
      journal: 'N Engl J Med, "NEJM"',
    },
    HOSTILE_NOTE,
  ),
  item(1, { title: '@SUM(A1:A2) -2+3', authors: [], journal: null, publishedAt: null, url: null, source: 'medlineplus' }, '-1 sure'),
];

/** RFC 4180 read the strict way: quoted fields may hold commas, CRLF and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** RIS read back the way reference managers do: `TAG  - value` lines, records closed by ER. */
function parseRis(text: string): Record<string, string[]>[] {
  const records: Record<string, string[]>[] = [];
  let current: Record<string, string[]> = {};
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) throw new Error(`not a RIS line: ${JSON.stringify(line)}`);
    const [, tag, value] = match;
    if (tag === 'ER') {
      records.push(current);
      current = {};
    } else (current[tag!] ??= []).push(value!);
  }
  expect(current).toEqual({}); // every record was closed
  return records;
}

describe('CSV', () => {
  it('quotes per RFC 4180, guards formulas, keeps unicode, and parses back to the same values', () => {
    const file = exportCollection('Heart', hostile, 'csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    expect(file.body.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(file.body.slice(1));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(['Position', 'Title', 'Authors', 'Journal', 'Published', 'Source', 'Source ID', 'URL', 'Note', 'Added']);
    expect(rows[1]).toEqual([
      '1',
      HOSTILE_TITLE,
      'Müller-Lüdenscheidt HK; World Health Organization; +Plus Sign',
      'N Engl J Med, "NEJM"',
      '2020-05-17',
      'pubmed',
      '1000',
      'https://pubmed.ncbi.nlm.nih.gov/1000/',
      `'${HOSTILE_NOTE}`,
      '2024-05-06T07:08:09.000Z',
    ]);
    expect(rows[2]![1]).toBe("'@SUM(A1:A2) -2+3");
    expect(rows[2]![8]).toBe("'-1 sure");
    expect(rows[2]!.slice(3, 5)).toEqual(['', '']);
    // The raw text doubles quotes inside quoted fields.
    expect(file.body).toContain('"N Engl J Med, ""NEJM"""');
  });
});

describe('RIS', () => {
  it('writes one tag per line, CRLF, flattens line breaks, and parses back', () => {
    const file = exportCollection('Heart', hostile, 'ris');
    expect(file.contentType).toBe('application/x-research-info-systems; charset=utf-8');
    const records = parseRis(file.body);
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({
      TY: ['JOUR'],
      TI: [HOSTILE_TITLE.replace('\n', ' ')],
      AU: ['Müller-Lüdenscheidt, HK', 'World Health Organization', '+Plus Sign'],
      JO: ['N Engl J Med, "NEJM"'],
      PY: ['2020'],
      DA: ['2020/05/17'],
      UR: ['https://pubmed.ncbi.nlm.nih.gov/1000/'],
      DB: ['PubMed'],
      AN: ['1000'],
      N1: ['=HYPERLINK("http://evil.example","click") second line, with "quotes"'],
    });
    expect(records[1]).toEqual({ TY: ['ELEC'], TI: ['@SUM(A1:A2) -2+3'], DB: ['MedlinePlus'], AN: ['1001'], N1: ['-1 sure'] });
    expect(file.body).toMatch(/ER {2}- \r\n$/);
  });
});

describe('BibTeX', () => {
  it('escapes specials, keeps braces balanced, and gives every entry a unique key', () => {
    const twins = [item(0, { title: 'Metformin works' }), item(1, { title: 'Metformin works' }), item(2, { title: 'Metformin works' })];
    const file = exportCollection('Heart', [...hostile, ...twins], 'bibtex');
    expect(file.contentType).toBe('application/x-bibtex; charset=utf-8');
    const entries = file.body.split(/\n(?=@)/);
    expect(entries).toHaveLength(5);
    const keys = entries.map((e) => /^@(\w+)\{([^,]+),/.exec(e)![2]);
    expect(keys.slice(2)).toEqual(['smith2020metformin', 'smith2020metformina', 'smith2020metforminb']);
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9]*$/);

    const first = entries[0]!;
    expect(first.startsWith('@article{')).toBe(true);
    expect(first).toContain(
      '  title = {{Aspirin, "the wonder drug" \\textbraceleft{}revisited\\textbraceright{}: 50\\% of \\$cost \\& \\#1 in\\_class \\textasciicircum{}\\textasciitilde{} \\textbackslash{} café 心臓 🫀}}',
    );
    expect(first).toContain('  author = {Müller-Lüdenscheidt, H. K. and {World Health Organization} and {+Plus Sign}}');
    expect(first).toContain('  journal = {N Engl J Med, "NEJM"}');
    expect(first).toContain('  year = {2020}');
    expect(first).toContain('  url = {https://pubmed.ncbi.nlm.nih.gov/1000/}');
    expect(first).toContain('  note = {=HYPERLINK("http://evil.example","click") second line, with "quotes"}');
    expect(entries[1]!.startsWith('@misc{')).toBe(true);

    // BibTeX counts every brace, escaped or not: each entry must balance to zero and never dip below.
    for (const entry of entries) {
      let depth = 0;
      for (const c of entry) {
        depth += c === '{' ? 1 : c === '}' ? -1 : 0;
        expect(depth).toBeGreaterThanOrEqual(0);
      }
      expect(depth).toBe(0);
    }
  });
});

describe('file names', () => {
  it('are ASCII slugs with the own name in filename*', () => {
    expect(slugOf('Café: "Herz" / Cœur 心臓')).toBe('cafe-herz-coeur');
    expect(slugOf('心臓')).toBe('collection');
    const file = exportCollection('Café "Herz"/Cœur', [], 'ris');
    expect(file.contentDisposition).toBe(`attachment; filename="cafe-herz-coeur.ris"; filename*=UTF-8''Caf%C3%A9%20-Herz-C%C5%93ur.ris`);
  });
});

describe('GET collections/{id}/export', () => {
  it('downloads each format as an attachment with its content type', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent, 'Statins & me');
    await added(agent, c.id, await someArticles(t, 2, { title: 'Statins, "myths" {and} facts' }));
    const expected = {
      csv: ['text/csv', 'csv'],
      ris: ['application/x-research-info-systems', 'ris'],
      bibtex: ['application/x-bibtex', 'bib'],
    };
    for (const [format, [type, extension]] of Object.entries(expected)) {
      const res = await agent.get(`/api/collections/${c.id}/export?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="statins-me\\.${extension}"`));
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/^"/); // the file itself, not a JSON string
    }
    const ris = parseRis((await agent.get(`/api/collections/${c.id}/export?format=ris`)).body);
    expect(ris.map((r) => r.TI)).toEqual([['Statins, "myths" {and} facts'], ['Statins, "myths" {and} facts']]);
    expect(ris[0]!.AU).toEqual(['Smith, JA', 'Nguyen, T']);
  });

  it('refuses an unknown format with a sentence', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const res = await agent.get(`/api/collections/${c.id}/export?format=xlsx`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ format: ['The selected format is invalid.'] });
    expect((await agent.get(`/api/collections/${c.id}/export`)).json().errors).toEqual({ format: ['The format field is required.'] });
  });
});
