import type { SubscriptionRow } from './billing-repository';
import type { PlanRow } from '../../../db/schema/index';
import { escapeHtml } from '../mail/templates';

/**
 * The built-in test checkout and test billing portal: plain server pages, standing where Stripe's
 * hosted pages stand when Stripe is configured (the app leaves for them and comes back), so the
 * web bundle carries nothing for them. Both say loudly that they are test mode.
 */

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f6f8;line-height:1.5}
  .test-banner{background:repeating-linear-gradient(135deg,#ffb300 0 18px,#ffc947 18px 36px);color:#1a1a1a;text-align:center;padding:10px 16px;font-weight:700;letter-spacing:.04em}
  .test-banner span{background:#1a1a1a;color:#ffc947;padding:2px 8px;border-radius:4px;margin-right:8px}
  .brand{max-width:880px;margin:24px auto 0;padding:0 16px;font-weight:700;font-size:1.1rem;color:#0f766e}
  .brand span{color:#55606b;font-weight:500}
  main{max-width:880px;margin:16px auto 32px;padding:0 16px;display:grid;gap:24px;grid-template-columns:1fr}
  @media(min-width:760px){main{grid-template-columns:1fr 1fr}}
  section{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:28px}
  h1{font-size:1.5rem;margin:0 0 4px}
  h2{font-size:1.1rem;margin:0 0 16px}
  .muted{color:#55606b}
  .eyebrow{margin:0 0 4px}
  .price{font-size:2.25rem;font-weight:700;margin:12px 0 4px}
  .price small{font-size:1rem;font-weight:500;color:#55606b}
  ul{padding-left:20px;margin:16px 0 0}
  li{margin:4px 0}
  .card{border:1px dashed #b0b8c0;border-radius:8px;padding:10px 14px;background:#fafbfc}
  .card .number{font-family:ui-monospace,monospace;font-size:1.05rem;white-space:nowrap}
  .card .expiry{font-size:.9rem;color:#55606b}
  .note{background:#fff8e1;border-left:4px solid #ffb300;padding:10px 14px;border-radius:4px;margin:0 0 20px;font-size:.95rem}
  button,.button{display:block;width:100%;font:inherit;font-weight:600;font-size:1.05rem;padding:12px 18px;border-radius:8px;border:0;cursor:pointer;text-align:center;text-decoration:none}
  .primary{background:#0f766e;color:#fff}
  .primary:hover{background:#115e59}
  .secondary{background:transparent;color:#0f766e;border:1px solid #0f766e;margin-top:12px}
  button:focus-visible,.button:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 20px}
  dt{font-weight:600}
  dd{margin:0}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Wink Health</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><div class="test-banner" role="note"><span>TEST MODE</span>No real payment is taken. Configure Stripe to take real payments.</div>
<p class="brand">Wink Health <span>· ${escapeHtml(title)}</span></p>
${body}</body></html>`;
}

export function formatPrice(plan: Pick<PlanRow, 'unitAmount' | 'interval'>): { amount: string; per: string } {
  return { amount: `$${(plan.unitAmount / 100).toFixed(2)}`, per: plan.interval ? `/${plan.interval}` : '' };
}

const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function testCheckoutPage(input: { plan: PlanRow; action: string; cancelHref: string; csrfToken: string; email: string }): string {
  const { plan } = input;
  const { amount, per } = formatPrice(plan);
  const features = plan.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('');
  return page(
    'Test checkout',
    `<main>
  <section aria-labelledby="plan-heading">
    <p class="muted eyebrow">Subscribe to</p>
    <h1 id="plan-heading">${escapeHtml(plan.name)}</h1>
    <p class="price">${amount}<small>${escapeHtml(per)}</small></p>
    <p class="muted">${escapeHtml(plan.description)}</p>
    ${features ? `<ul aria-label="This includes">${features}</ul>` : ''}
  </section>
  <section aria-labelledby="pay-heading">
    <h2 id="pay-heading">Pay with the test card</h2>
    <p class="note">This is the built-in test checkout. Paying here grants the plan exactly as a real payment would, and nothing is charged.</p>
    <dl><dt>E-mail</dt><dd>${escapeHtml(input.email)}</dd><dt>Card</dt><dd><div class="card"><div class="number">4242 4242 4242 4242</div><div class="expiry">Expires 12/34 · CVC 123</div></div></dd></dl>
    <form method="post" action="${escapeHtml(input.action)}">
      <input type="hidden" name="_token" value="${escapeHtml(input.csrfToken)}">
      <button type="submit" class="primary">Pay ${amount}${escapeHtml(per)} (test)</button>
    </form>
    <a class="button secondary" href="${escapeHtml(input.cancelHref)}">Cancel and go back</a>
  </section>
</main>`,
  );
}

export function testPortalPage(input: {
  plan: PlanRow;
  pending: PlanRow | null;
  subscription: SubscriptionRow;
  action: string;
  backHref: string;
  csrfToken: string;
}): string {
  const { plan, subscription } = input;
  const { amount, per } = formatPrice(plan);
  const end = subscription.currentPeriodEnd ? longDate(subscription.currentPeriodEnd) : null;
  const standing = subscription.cancelAtPeriodEnd
    ? `Cancelled: your plan ends on ${end ?? 'the end of the period'}.`
    : end
      ? `Renews on ${end}.`
      : 'Renews automatically.';
  const next = subscription.cancelAtPeriodEnd
    ? { action: 'resume', label: 'Keep my subscription', style: 'primary' }
    : { action: 'cancel', label: 'Cancel at the end of the period', style: 'secondary' };
  return page(
    'Test billing portal',
    `<main>
  <section aria-labelledby="portal-heading">
    <h1 id="portal-heading">Test billing portal</h1>
    <p class="muted">Where Stripe's customer portal would let you change your card or cancel.</p>
    <dl>
      <dt>Plan</dt><dd>${escapeHtml(plan.name)} · ${amount}${escapeHtml(per)}</dd>
      <dt>Status</dt><dd>${escapeHtml(subscription.status === 'past_due' ? 'Payment failed: the card is being retried.' : standing)}</dd>
      ${input.pending ? `<dt>Next period</dt><dd>${escapeHtml(input.pending.name)}, from ${escapeHtml(end ?? 'the next period')}</dd>` : ''}
      <dt>Card</dt><dd>Test card ending in 4242</dd>
    </dl>
  </section>
  <section aria-labelledby="actions-heading">
    <h2 id="actions-heading">Manage</h2>
    <p class="note">Nothing here is charged. Cancelling keeps the plan until the end of the period already paid for.</p>
    <form method="post" action="${escapeHtml(input.action)}">
      <input type="hidden" name="_token" value="${escapeHtml(input.csrfToken)}">
      <input type="hidden" name="action" value="${next.action}">
      <button type="submit" class="${next.style}">${next.label}</button>
    </form>
    <a class="button secondary" href="${escapeHtml(input.backHref)}">Back to Wink Health</a>
  </section>
</main>`,
  );
}
