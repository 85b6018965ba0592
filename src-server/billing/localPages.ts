import type { SubscriptionRow } from '../db/schema';
import { PRODUCT_NAME } from '../../src/config';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const day = (d: Date | null) =>
  d
    ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : 'N/A';

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f6fa;color:#1d1d29;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 12px #0001}
h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin:1rem 0 .3rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #8a8aa0;border-radius:6px;font-size:1rem}
button,a.btn{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#4b3fd6;color:#fff;font-size:1rem;text-decoration:none;cursor:pointer}
button.secondary{background:#e4e4ee;color:#1d1d29}.error{color:#b00020;font-weight:600}.ok{color:#1b6b2f;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0}.hint{color:#555;font-size:.9rem}
</style></head><body><main>${body}</main></body></html>`;
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<a class="btn" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
    }`,
  );
}

export function checkoutPage(opts: {
  action: string;
  trial: boolean;
  error?: string;
  coupon?: string;
}): string {
  const offer = opts.trial
    ? `<p>${escapeHtml(PRODUCT_NAME)} Pro: <strong>$8.99 per month</strong> after a <strong>7-day free trial</strong>. You are not charged today.</p>`
    : `<p>${escapeHtml(PRODUCT_NAME)} Pro: <strong>$8.99 per month</strong>, charged today. Your free trial has been used.</p>`;
  return layout(
    'Checkout',
    `<h1>Subscribe to Pro</h1>${offer}
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="${escapeHtml(opts.action)}">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
<label for="couponCode">Coupon code (optional)</label>
<input id="couponCode" name="couponCode" value="${escapeHtml(opts.coupon ?? '')}" autocomplete="off">
<button type="submit">${opts.trial ? 'Start free trial' : 'Subscribe'}</button>
</form>`,
  );
}

const STATUS_LABEL: Record<SubscriptionRow['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

export function portalPage(opts: {
  base: string;
  sub: SubscriptionRow;
  plan: string;
  returnUrl: string;
  notice?: string;
  error?: string;
}): string {
  const { sub } = opts;
  const live = sub.status !== 'canceled';
  const nextBill =
    live && !sub.cancelAtPeriodEnd
      ? `${day(sub.currentPeriodEnd)} ($${(sub.amountCents / 100).toFixed(2)})`
      : 'None';
  const action = (path: string, label: string, cls = '') =>
    `<form method="post" action="${escapeHtml(`${opts.base}/${path}`)}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  return layout(
    'Billing portal',
    `<h1>Billing portal</h1>
${opts.notice ? `<p class="ok" role="status">${escapeHtml(opts.notice)}</p>` : ''}
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<dl>
<dt>Plan</dt><dd>${opts.plan === 'premium' ? 'Pro' : 'Free'}</dd>
<dt>Status</dt><dd>${STATUS_LABEL[sub.status]}${sub.cancelAtPeriodEnd && live ? ` (cancels on ${day(sub.currentPeriodEnd)})` : ''}</dd>
<dt>Current period</dt><dd>${day(sub.currentPeriodStart)} – ${day(sub.currentPeriodEnd)}</dd>
<dt>Next bill</dt><dd>${nextBill}</dd>
<dt>Trial end</dt><dd>${day(sub.trialEnd)}</dd>
</dl>
${live ? (sub.cancelAtPeriodEnd ? action('reactivate', 'Reactivate subscription') : action('cancel', 'Cancel at period end', 'secondary')) : ''}
<form method="post" action="${escapeHtml(`${opts.base}/card`)}">
<label for="cardNumber">Change card</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit" class="secondary">Update card</button>
</form>
<a class="btn" href="${escapeHtml(opts.returnUrl)}">Return to ${escapeHtml(PRODUCT_NAME)}</a>`,
  );
}
