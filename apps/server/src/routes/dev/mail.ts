import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { OutboxTransport } from '../../plugins/app/mail/mail-transport';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #ddd}a{color:#0d47a1}.note{background:#fff8e1;padding:.75rem 1rem;border-radius:6px}pre{white-space:pre-wrap;background:#f5f5f5;padding:1rem;border-radius:6px}</style></head><body>${body}</body></html>`;

/**
 * The outbox viewer: mail the embedded default "sent", readable in the browser.
 * Registered only when mail goes to the outbox folder and the server is not in production.
 */
export default async function devMailRoutes(fastify: FastifyInstance) {
  const transport = fastify.mailer.transport;
  if (!(transport instanceof OutboxTransport) || fastify.config.NODE_ENV === 'production') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const entries = await transport.list();
    const rows = entries
      .map(
        (e) =>
          `<tr><td>${escapeHtml(e.sent_at)}</td><td>${escapeHtml(e.to)}</td><td><a href="/dev/mail/${e.id}">${escapeHtml(e.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        page(
          'Outbox',
          `<h1>Outbox</h1><p class="note">Development only: mail is written to <code>${escapeHtml(transport.dir)}</code> instead of being sent.</p>${
            entries.length
              ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
              : '<p>No mail yet.</p>'
          }`,
        ),
      );
  });

  app.get('/dev/mail/:id', { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } }, async (req, reply) => {
    const entry = await transport.read(req.params.id);
    if (!entry) throw notFound('That message');
    const links = [...entry.text.matchAll(/https?:\/\/\S+/g)]
      .map((m) => `<li><a href="${escapeHtml(m[0])}">${escapeHtml(m[0])}</a></li>`)
      .join('');
    return reply
      .type('text/html')
      .send(
        page(
          entry.subject,
          `<p><a href="/dev/mail">← Outbox</a></p><h1>${escapeHtml(entry.subject)}</h1><p>To ${escapeHtml(entry.to)}, ${escapeHtml(entry.sent_at)}</p>${links ? `<h2>Links</h2><ul>${links}</ul>` : ''}<h2>Text</h2><pre>${escapeHtml(entry.text)}</pre>`,
        ),
      );
  });
}
