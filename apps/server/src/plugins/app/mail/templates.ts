/** Mail templates: one function per message, each returning subject, text and HTML from the same words. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate =
  | { template: 'verify-email'; data: { name: string; url: string } }
  | { template: 'reset-password'; data: { name: string; url: string; minutes: number } }
  | { template: 'password-changed'; data: { name: string } };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(paragraphs: string[], action?: { label: string; url: string }): { text: string; html: string } {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Wink Health'].join('\n\n');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">If the button does not work, paste this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="color:#555;font-size:12px;margin-top:32px">Wink Health</p></body></html>`;
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
  }
}
