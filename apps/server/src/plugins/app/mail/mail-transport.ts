import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * The sending job's key, which becomes the Message-ID: the same message sent again (a process killed
   * between the relay's answer and the queue's record of it) carries the same id, and mail clients show it once.
   */
  key?: string;
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** `<key@domain of the sender>`: a message's id, the same however many times its job runs. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

/** The relay's time to answer: well inside the job queue's handler timeout, so a hung relay fails an attempt rather than outliving it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** SMTP in production: any relay nodemailer understands, from one URL. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send({ key, ...message }) {
      await transporter.sendMail({ from, ...message, ...(key ? { messageId: messageIdOf(key, from) } : {}) });
    },
  };
}

/**
 * The embedded default: each message is written to `<dataDir>/outbox` as a raw .eml and a .json
 * summary, which the dev-only page /dev/mail lists. Nothing leaves the machine.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';
  private builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly dir: string,
    private from: string,
  ) {}

  async send({ key, ...message }: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const info = await this.builder.sendMail({ from: this.from, ...message, ...(key ? { messageId: messageIdOf(key, this.from) } : {}) });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
    const entry: OutboxEntry = {
      id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sent_at: new Date().toISOString(),
    };
    await writeFile(path.join(this.dir, `${id}.eml`), info.message as Buffer);
    await writeFile(path.join(this.dir, `${id}.json`), JSON.stringify(entry, null, 2));
  }

  async list(): Promise<OutboxEntry[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(this.dir, n), 'utf8')) as OutboxEntry),
    );
    return entries.sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  }

  async read(id: string): Promise<OutboxEntry | null> {
    if (!/^[\w-]+$/.test(id)) return null;
    try {
      return JSON.parse(await readFile(path.join(this.dir, `${id}.json`), 'utf8')) as OutboxEntry;
    } catch {
      return null;
    }
  }
}
