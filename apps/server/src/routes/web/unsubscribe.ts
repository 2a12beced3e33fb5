import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../plugins/app/mail/templates';

const params = z.object({ token: z.string().min(1).max(200) });

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Wink Health</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}button{background:#0f766e;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}a{color:#0d47a1}.brand{color:#0f766e;font-weight:700;font-size:1.25rem;margin:0 0 2rem}</style></head><body><main><p class="brand">Wink Health</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const invalidLink = (reply: FastifyReply) =>
  page(
    reply,
    404,
    'This link does not work',
    '<p>This unsubscribe link is not valid. You can turn e-mail notifications off in your settings.</p><p><a href="/user/settings">Open settings</a></p>',
  );

/**
 * The one-click unsubscribe of notification mail (RFC 8058). GET only shows a button, because mail
 * scanners open links; the POST, from that button or from the mail client's own unsubscribe button
 * (List-Unsubscribe-Post), turns emailNotifications off. No session and no CSRF token: the signed
 * link is the proof, and it can do nothing but this.
 */
export default async function unsubscribeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/email/unsubscribe/:token', { schema: { hide: true, params } }, async (req, reply) => {
    if (!app.delivery.mail.verify(req.params.token)) return invalidLink(reply);
    return page(
      reply,
      200,
      'Stop notification e-mails?',
      `<p>You will no longer receive e-mails about new comments, replies, invitations and followers. Notifications stay in the app, and you can turn e-mails back on in your settings.</p><form method="post"><button type="submit">Turn off notification e-mails</button></form>`,
    );
  });

  app.post(
    '/email/unsubscribe/:token',
    { config: { csrf: false }, schema: { summary: 'One-click unsubscribe from notification e-mail (RFC 8058)', tags: ['mail'], params } },
    async (req, reply) => {
      if (!(await app.delivery.mail.unsubscribe(req.params.token))) return invalidLink(reply);
      return page(
        reply,
        200,
        'You are unsubscribed',
        '<p>You will no longer receive notification e-mails. You can turn them back on in your settings.</p><p><a href="/user/settings">Open settings</a></p>',
      );
    },
  );
}
