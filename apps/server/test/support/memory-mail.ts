import type { MailMessage, MailTransport } from '../../src/plugins/app/mail/mail-transport';

/** Keeps sent mail in memory so tests can read it; can be told to fail like a broken relay. */
export class MemoryMailTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  messages: MailMessage[] = [];
  failing = false;

  async send(message: MailMessage): Promise<void> {
    if (this.failing) throw new Error('relay refused the message');
    this.messages.push(message);
  }

  to(address: string): MailMessage[] {
    return this.messages.filter((m) => m.to === address);
  }

  /** The first link in the last message sent to an address. */
  linkTo(address: string): string {
    const message = this.to(address).at(-1);
    const link = message?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no link in mail to ${address}`);
    return link;
  }
}
