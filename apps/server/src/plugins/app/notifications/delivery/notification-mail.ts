import type { MailMessage } from '../../mail/mail-transport';
import { layout } from '../../mail/templates';
import type { NotificationContent } from './notification-content';

export interface MailRecipient {
  email: string;
  name: string;
  /** Absolute URL of the recipient's one-click unsubscribe link. */
  unsubscribeUrl: string;
}

/** One line of a digest: what happened, and when (ISO), as it was when the event was folded. */
export interface DigestItem {
  sentence: string;
  path: string;
  at: string;
}

const footerFor = (recipient: MailRecipient) => ({
  text: 'You receive these e-mails because e-mail notifications are on in your settings.',
  link: { label: 'Unsubscribe', url: recipient.unsubscribeUrl },
});

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs to the link, no page needed. */
const unsubscribeHeaders = (recipient: MailRecipient) => ({
  'List-Unsubscribe': `<${recipient.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const timeOf = (iso: string) => `${new Date(iso).toISOString().slice(11, 16)} UTC`;

/** The mail for one notification: the sentence as subject and lead, a button to where a tap leads. */
export function singleNotificationMail(recipient: MailRecipient, content: NotificationContent, appUrl: string): MailMessage {
  return {
    to: recipient.email,
    subject: content.sentence,
    headers: unsubscribeHeaders(recipient),
    ...layout(
      [`Hello ${recipient.name},`, `${content.sentence}.`],
      { label: 'Open in Wink Health', url: appUrl + content.path },
      footerFor(recipient),
    ),
  };
}

/** The digest of what happened in one thread since the last mail about it, oldest first. */
export function digestMail(recipient: MailRecipient, title: string, items: DigestItem[], appUrl: string): MailMessage {
  const lines = items.map((item) => `${timeOf(item.at)}: ${item.sentence}.`);
  const subject = items.length === 1 ? items[0]!.sentence : `${items.length} new updates in ${title}`;
  const lead = items.length === 1 ? 'Since our last e-mail:' : `Since our last e-mail, ${items.length} things happened in ${title}:`;
  return {
    to: recipient.email,
    subject,
    headers: unsubscribeHeaders(recipient),
    ...layout(
      [`Hello ${recipient.name},`, lead, ...lines],
      { label: 'Open in Wink Health', url: appUrl + items.at(-1)!.path },
      footerFor(recipient),
    ),
  };
}
