import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';

/** One element of a record, small enough to hold in memory: records are read one at a time. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: (XmlNode | string)[];
}

/** A file that is not well-formed XML: where it broke and why, for the operator to fix it. */
export class MalformedXmlError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`Malformed XML at line ${line}, column ${column}: ${reason}`);
    this.name = 'MalformedXmlError';
  }
}

/** The direct children called `name`. */
export function childrenNamed(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  return node.children.filter((c): c is XmlNode => typeof c !== 'string' && c.name === name);
}

/** Follows a path of element names, first match at each step. */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = childrenNamed(current, name)[0];
  return current;
}

/** All text inside, inline markup (PubMed's <i>, <sup>) flattened, whitespace collapsed. */
export function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  const collect = (n: XmlNode): string => n.children.map((c) => (typeof c === 'string' ? c : collect(c))).join('');
  return collect(node).replace(/\s+/g, ' ').trim();
}

export interface ReadXmlOptions {
  /** Called after each chunk with the bytes read so far. */
  onBytes?: (bytesRead: number) => void;
}

/**
 * Streams an XML file and yields every `recordName` element as a small tree, in document order.
 * Memory stays constant whatever the file size: only the record being read is held, plus the
 * records of one chunk (64 KiB) until the consumer takes them. A syntax error anywhere, including
 * an unclosed document at the end, throws MalformedXmlError with its line.
 */
export async function* readXmlRecords(file: string, recordName: string, options: ReadXmlOptions = {}): AsyncGenerator<XmlNode> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  try {
    yield* xmlRecordsOf(stream as AsyncIterable<string>, recordName, () => options.onBytes?.(stream.bytesRead));
  } finally {
    stream.destroy();
  }
}

/** The `recordName` elements of an XML text held in memory (a web service's answer). */
export async function xmlRecordsOfText(text: string, recordName: string): Promise<XmlNode[]> {
  const records: XmlNode[] = [];
  for await (const node of xmlRecordsOf([text], recordName)) records.push(node);
  return records;
}

/** The parser behind both: any source of text chunks, every `recordName` element as it closes. */
async function* xmlRecordsOf(
  chunks: AsyncIterable<string> | Iterable<string>,
  recordName: string,
  onChunk?: () => void,
): AsyncGenerator<XmlNode> {
  const parser = new SaxesParser({ position: true });
  const stack: XmlNode[] = [];
  const ready: XmlNode[] = [];

  // saxes pops the open element before it reports a mismatched close tag: name it in the reason.
  let lastClosed = '';
  parser.on('error', (err) => {
    let reason = err.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
    if (reason.startsWith('unexpected close tag') && lastClosed) reason = `unexpected close tag (expected </${lastClosed}>)`;
    throw new MalformedXmlError(parser.line, parser.column, reason);
  });
  parser.on('opentag', (tag) => {
    if (stack.length === 0 && tag.name !== recordName) return;
    const node: XmlNode = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [] };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const onText = (text: string) => {
    stack.at(-1)?.children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    lastClosed = tag.name;
    const node = stack.pop();
    if (node && stack.length === 0) ready.push(node);
  });

  for await (const chunk of chunks) {
    parser.write(chunk);
    onChunk?.();
    yield* ready.splice(0);
  }
  parser.close();
  yield* ready.splice(0);
}
