/** Mail templates: one function per message, each returning subject, text and HTML from the same words. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate =
  | { template: 'verify-email'; data: { name: string; url: string } }
  | { template: 'reset-password'; data: { name: string; url: string; minutes: number } }
  | { template: 'password-changed'; data: { name: string } }
  | { template: 'trial-ending'; data: { name: string; endsAt: string; url: string } };

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Small print under the signature (notification mail: why it came and the one-click unsubscribe). */
export interface MailFooter {
  text: string;
  link: { label: string; url: string };
}

export function layout(paragraphs: string[], action?: { label: string; url: string }, footer?: MailFooter): { text: string; html: string } {
  const small = footer ? [`${footer.text} ${footer.link.label}: ${footer.link.url}`] : [];
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Wink Health', ...small].join('\n\n');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">If the button does not work, paste this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="color:#555;font-size:12px;margin-top:32px">Wink Health</p>${
    footer
      ? `<p style="color:#555;font-size:12px">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link.url)}" style="color:#555">${escapeHtml(footer.link.label)}</a></p>`
      : ''
  }</body></html>`;
  return { text, html };
}

export function renderMail(mail: MailTemplate): RenderedMail {
  switch (mail.template) {
    case 'verify-email':
      return {
        subject: 'Confirm your e-mail address',
        ...layout([`Hello ${mail.data.name},`, 'Please confirm that this is your e-mail address. The link is valid for 60 minutes.'], {
          label: 'Confirm e-mail address',
          url: mail.data.url,
        }),
      };
    case 'reset-password':
      return {
        subject: 'Reset your password',
        ...layout(
          [
            `Hello ${mail.data.name},`,
            `Someone asked to reset the password of your Wink Health account. The link is valid for ${mail.data.minutes} minutes.`,
            'If it was not you, ignore this message: your password stays as it is.',
          ],
          { label: 'Choose a new password', url: mail.data.url },
        ),
      };
    case 'password-changed':
      return {
        subject: 'Your password was changed',
        ...layout([
          `Hello ${mail.data.name},`,
          'The password of your Wink Health account was just changed, and every other device was signed out.',
          'If this was not you, reset your password at once from the sign-in page.',
        ]),
      };
    case 'trial-ending': {
      const date = new Date(mail.data.endsAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
      return {
        subject: 'Your Wink Health trial ends in 3 days',
        ...layout(
          [
            `Hello ${mail.data.name},`,
            `Your free trial ends on ${date}. After that, reading and writing in discussions need a plan: Reader to read, Leader to read and write.`,
            'Everything you made stays yours: your discussions, comments and collections are kept and come back as soon as you choose a plan.',
          ],
          { label: 'Choose a plan', url: mail.data.url },
        ),
      };
    }
  }
}
