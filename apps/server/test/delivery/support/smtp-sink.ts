import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the relay received it, with its headers and text and HTML parts decoded. */
export interface ReceivedMail {
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words in a header (nodemailer uses them for non-ASCII subjects). */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** Enough MIME for what nodemailer writes: one multipart/alternative with a text and an HTML part. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw.slice(split)];
  for (const chunk of chunks) {
    const at = chunk.search(/\r?\n\r?\n/);
    const partHeaders = boundary ? parseHeaders(chunk.slice(0, at).trim()) : headers;
    const content = boundary ? chunk.slice(at).replace(/^\r?\n\r?\n/, '') : body;
    const type = (partHeaders['content-type'] ?? 'text/plain').split(';')[0]!.trim();
    parts[type] = decodeBody(content, partHeaders['content-transfer-encoding']).replace(/\r?\n$/, '');
  }
  return { to, headers, subject: decodeWords(headers.subject ?? ''), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '', raw };
}

/** A real SMTP server on loopback, standing in for the relay production sends through. */
export async function startSmtpSink(port = 0) {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      // A relay in trouble: a temporary failure (4xx) that a sender should retry later.
      if (refusing) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  // A sender killed mid-conversation (the crash test's kill -9) resets its connection; smtp-server
  // reports that as an 'error' event, which would otherwise be an uncaught exception.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    refuse(value: boolean) {
      refusing = value;
    },
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
