import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** Each PubmedArticle of a real efetch file, as its text. */
export function pubmedRecords(...files: string[]): Map<string, string> {
  const records = new Map<string, string>();
  for (const file of files) {
    for (const [record] of fixture(file).matchAll(/<PubmedArticle>[\s\S]*?<\/PubmedArticle>/g)) {
      const pmid = /<PMID[^>]*>(\d+)<\/PMID>/.exec(record)?.[1];
      if (pmid) records.set(pmid, record);
    }
  }
  return records;
}

/** The six real records of the fixtures: Biopython's efetch files and the importer's labelled abstract. */
export const realRecords = () =>
  pubmedRecords('biopython/pubmed1.xml', 'biopython/pubmed2.xml', 'biopython/pubmed4.xml', 'pubmed-articles.xml');

/** The date PubMed last revised a record (what esearch's datetype=mdat filters on), as YYYY/MM/DD. */
function revised(record: string): string {
  const match = /<DateRevised>\s*<Year>(\d{4})<\/Year>\s*<Month>(\d{1,2})<\/Month>\s*<Day>(\d{1,2})<\/Day>/.exec(record);
  if (!match) return '1900/01/01';
  return `${match[1]}/${match[2]!.padStart(2, '0')}/${match[3]!.padStart(2, '0')}`;
}

/** A record as PubMed revises it today: its DateRevised moves to today, and `change` edits the rest. */
export function revisedToday(record: string, change: (xml: string) => string = (xml) => xml): string {
  const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
  return change(record).replace(
    /<DateRevised>[\s\S]*?<\/DateRevised>/,
    `<DateRevised><Year>${year}</Year><Month>${month}</Month><Day>${day}</Day></DateRevised>`,
  );
}

/** What PubMed adds to a paper's record when it is retracted: the publication type and the correction naming the notice. */
export function markedRetracted(record: string): string {
  return revisedToday(record, (xml) =>
    xml
      .replace(/<\/PublicationTypeList>/, '<PublicationType UI="D016441">Retracted Publication</PublicationType></PublicationTypeList>')
      .replace(
        /<\/MedlineCitation>/,
        '<CommentsCorrectionsList><CommentsCorrections RefType="RetractionIn"><RefSource>Retraction notice</RefSource></CommentsCorrections></CommentsCorrectionsList></MedlineCitation>',
      ),
  );
}

export type Fault = { status: number; retryAfter?: string } | { slowMs: number } | { cut: true };

export interface UpstreamRequest {
  at: number;
  path: string;
  params: URLSearchParams;
}

const ESEARCH_HEAD =
  '<?xml version="1.0" encoding="UTF-8" ?>\n<!DOCTYPE eSearchResult PUBLIC "-//NLM//DTD esearch 20060628//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20060628/esearch.dtd">\n';
const EFETCH_HEAD =
  '<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n';

/**
 * NCBI's E-utilities and MedlinePlus's XML files, played on a loopback port from real records.
 * esearch answers in the layout of NCBI's own answers (Biopython's esearch2.xml) and keeps each search
 * on a "history server"; efetch hands out the records of a kept search by offset. A search term is a
 * name the test gives a list of PMIDs (`queries`), or PubMed's list of retracted papers, which holds
 * the records that carry the "Retracted Publication" type. Every request is logged with its arrival
 * time, and faults can be planned for the next requests of a path.
 */
export class FakeUpstream {
  readonly requests: UpstreamRequest[] = [];
  records = realRecords();
  queries = new Map<string, string[]>();
  /** The health-topic files the MedlinePlus index lists, by date (YYYY-MM-DD). */
  topicFiles = new Map<string, string>([['2026-10-08', fixture('medlineplus-topics.xml')]]);
  private faults: { path: string; fault: Fault; after: number }[] = [];
  private history = new Map<string, string[]>();
  private server = createServer((req, res) => void this.answer(req, res));
  base = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get eutilsUrl() {
    return `${this.base}/entrez/eutils`;
  }

  get medlinePlusIndexUrl() {
    return `${this.base}/xml.html`;
  }

  /**
   * `times` requests to `path` (esearch, efetch, xml.html, or a file name) meet `fault`, once `after`
   * more have been answered normally.
   */
  plan(path: string, fault: Fault, times = 1, after = 0): void {
    for (let i = 0; i < times; i++) this.faults.push({ path, fault, after: i === 0 ? after : 0 });
  }

  of(path: string): UpstreamRequest[] {
    return this.requests.filter((r) => r.path.endsWith(path));
  }

  /** The most requests that arrived within any one second. */
  busiestSecond(): number {
    const times = this.requests.map((r) => r.at).sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; j < times.length; j++) {
      while (times[j]! - times[i]! >= 1000) i++;
      most = Math.max(most, j - i + 1);
    }
    return most;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    this.requests.push({ at: performance.now(), path: url.pathname, params: url.searchParams });
    const planned = this.faults.find((f) => url.pathname.endsWith(f.path));
    let fault: Fault | null = null;
    if (planned && planned.after > 0) planned.after--;
    else if (planned) fault = this.faults.splice(this.faults.indexOf(planned), 1)[0]!.fault;
    if (fault && 'status' in fault) {
      res.writeHead(fault.status, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}).end('busy');
      return;
    }
    if (fault && 'slowMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.slowMs));
    const [type, body] = this.body(url);
    if (fault && 'cut' in fault) {
      // Promises the whole length, sends half, and hangs up: the connection breaks mid-body.
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      setTimeout(() => res.destroy(), 10);
      return;
    }
    if (res.destroyed) return;
    res.writeHead(type === 'text/plain' ? 404 : 200, { 'content-type': type }).end(body);
  }

  private body(url: URL): [string, string] {
    const p = url.searchParams;
    if (url.pathname.endsWith('/esearch.fcgi')) return ['text/xml', this.esearch(p)];
    if (url.pathname.endsWith('/efetch.fcgi')) {
      const ids = this.history.get(`${p.get('WebEnv')}#${p.get('query_key')}`) ?? [];
      const start = Number(p.get('retstart') ?? 0);
      const page = ids.slice(start, start + Number(p.get('retmax') ?? 20));
      return ['text/xml', `${EFETCH_HEAD}<PubmedArticleSet>\n${page.map((id) => this.records.get(id)).join('\n')}\n</PubmedArticleSet>\n`];
    }
    if (url.pathname === '/xml.html') {
      const links = [...this.topicFiles.keys()].flatMap((date) => [
        `<li><a href="xml/mplus_topics_${date}.xml">MedlinePlus Health Topic XML</a> (<a href="xml/mplus_topics_compressed_${date}.zip">zip</a>)</li>`,
        `<li><a href="xml/mplus_topic_groups_${date}.xml">Health topic groups</a></li>`,
      ]);
      return ['text/html', `<!DOCTYPE html><html><body><h1>MedlinePlus XML Files</h1><ul>${links.join('')}</ul></body></html>`];
    }
    const date = /\/xml\/mplus_topics_(\d{4}-\d{2}-\d{2})\.xml$/.exec(url.pathname)?.[1];
    const file = date ? this.topicFiles.get(date) : undefined;
    return file ? ['application/xml', file] : ['text/plain', 'not found'];
  }

  private esearch(p: URLSearchParams): string {
    const term = p.get('term') ?? '';
    const listed =
      term === '"retracted publication"[pt]'
        ? [...this.records].filter(([, xml]) => xml.includes('>Retracted Publication<')).map(([id]) => id)
        : (this.queries.get(term) ?? []);
    const from = p.get('mindate') ?? '0000/00/00';
    const to = p.get('maxdate') ?? '9999/99/99';
    // Newest PMIDs first, as PubMed lists a search.
    const ids = listed
      .filter((id) => this.records.has(id) && revised(this.records.get(id)!) >= from && revised(this.records.get(id)!) <= to)
      .sort((a, b) => Number(b) - Number(a));
    const webEnv = `MCID_fake${this.history.size + 1}`;
    this.history.set(`${webEnv}#1`, ids);
    const retmax = Number(p.get('retmax') ?? 20);
    const idList = ids
      .slice(0, retmax)
      .map((id) => `<Id>${id}</Id>`)
      .join('\n');
    return `${ESEARCH_HEAD}<eSearchResult><Count>${ids.length}</Count><RetMax>${Math.min(retmax, ids.length)}</RetMax><RetStart>0</RetStart><QueryKey>1</QueryKey><WebEnv>${webEnv}</WebEnv><IdList>\n${idList}\n</IdList><TranslationSet/><QueryTranslation>${term.replace(/[<>&]/g, '')}</QueryTranslation></eSearchResult>\n`;
  }
}
