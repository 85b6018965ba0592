import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, chromiumForFile, uniqueEmail, newPage, signInAs, snap, submitSignIn } from './browser';

const browser = chromiumForFile();

/** Clicks something that opens a new tab and returns that tab once it has loaded. */
async function tabFrom(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

describe('billing round trip on the embedded provider', () => {
  it('upgrades through checkout in a new tab, cancels, reactivates, and visits the portal', async () => {
    const { context, page } = await newPage(browser(), 1280);
    const email = uniqueEmail('billing');
    const password = 'billing-secret-1';
    const reg = await page.request.post(`${baseURL()}/api/auth/register`, {
      data: { email, password, displayName: 'Bea Billing' },
    });
    expect(reg.ok()).toBe(true);
    await signInAs(page, email, password);
    await page.goto('/dashboard');
    await page.getByText('Upgrade to Premium for unlimited saves, AI features, and more.').waitFor();

    const checkout = await tabFrom(page, () =>
      page.getByRole('button', { name: 'Upgrade to Premium' }).click(),
    );
    await checkout.getByRole('heading', { name: 'Subscribe to Pro' }).waitFor();
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
    await checkout.getByRole('button', { name: 'Start free trial' }).click();
    await checkout.getByText('Your card was declined. Please use another card.').waitFor();
    await snap(checkout, 'billing-checkout-declined');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Start free trial' }).click();
    await checkout.getByText('Your Pro subscription is ready').waitFor();
    await snap(checkout, 'billing-checkout-done');
    await checkout.close();

    // Coming back to the app's tab reloads the profile.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('Premium plan (Trialing)').waitFor();
    expect(await page.locator('header').getByText('Trial', { exact: true }).isVisible()).toBe(true);
    await snap(page, 'billing-dashboard-trial');

    await page.goto('/dashboard/settings');
    await page.getByText(/^Trial ends on /).waitFor();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.',
      );
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText('Subscription will be canceled at the end of your billing period.').waitFor();
    await page.getByText(/^Your subscription will be canceled on /).waitFor();
    await snap(page, 'billing-settings-cancelling');

    await page.goto('/dashboard');
    await page.getByText(/^Cancels on /).waitFor();

    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await page.getByText('Subscription reactivated successfully!').waitFor();
    expect(await page.getByText(/^Your subscription will be canceled on /).count()).toBe(0);

    const portal = await tabFrom(page, () =>
      page.getByRole('button', { name: 'Manage Subscription' }).click(),
    );
    await portal.getByRole('heading', { name: 'Billing portal' }).waitFor();
    expect(await portal.getByText('Trial', { exact: true }).isVisible()).toBe(true);
    await snap(portal, 'billing-portal');
    await portal.getByRole('link', { name: 'Return to Postkeeper' }).click();
    await portal.waitForURL('**/dashboard/settings');
    await context.close();
  });
});

describe('the demo Pro account', () => {
  it('signs in, sees real dates in Settings, cancels and reactivates', async () => {
    const { context, page } = await newPage(browser(), 1280);
    await page.goto('/dashboard/login');
    await submitSignIn(page, 'premium@example.com', 'premium-demo-1');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Premium plan (Active)').waitFor();
    await snap(page, 'billing-demo-pro-dashboard');

    await page.goto('/dashboard/settings');
    const card = page.getByRole('region', { name: 'Billing and Subscription' });
    const date = '[A-Z][a-z]+ \\d{1,2}, \\d{4}';
    const period = card.getByText(new RegExp(`^${date} – ${date}$`));
    await period.waitFor();
    expect(await card.getByText(/N\/A/).count()).toBe(0);
    await snap(page, 'billing-demo-pro-settings');

    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await card.getByText('Subscription will be canceled at the end of your billing period.').waitFor();
    const end = (await period.textContent())!.split(' – ')[1];
    await card.getByText(`Your subscription will be canceled on ${end}`).waitFor();
    await snap(page, 'billing-demo-pro-cancelling');

    await card.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await card.getByText('Subscription reactivated successfully!').waitFor();
    expect(await card.getByText(/^Your subscription will be canceled on /).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Cancel Subscription' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('Premium granted by an operator', () => {
  it('shows the grant instead of N/A dates and billing buttons', async () => {
    const { context, page } = await newPage(browser(), 1280);
    const email = uniqueEmail('billing');
    const reg = await page.request.post(`${baseURL()}/api/auth/register`, {
      data: { email, password: 'granted-secret-1', displayName: 'Gus Granted' },
    });
    const { token } = (await reg.json()) as { token: string };
    const me = await page.request.get(`${baseURL()}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { _id } = (await me.json()) as { _id: string };
    const admin = await page.request.post(`${baseURL()}/api/auth/login`, {
      data: { email: 'admin@example.com', password: 'admin-demo-1' },
    });
    const adminToken = ((await admin.json()) as { token: string }).token;
    const grant = await page.request.patch(`${baseURL()}/api/admin/users/${_id}/subscription`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { plan: 'premium' },
    });
    expect(grant.ok()).toBe(true);

    await signInAs(page, email, 'granted-secret-1');
    await page.goto('/dashboard');
    await page.getByText('Premium, granted by Postkeeper: no billing').waitFor();
    expect(await page.getByRole('button', { name: 'Manage Billing' }).count()).toBe(0);
    await snap(page, 'billing-granted-dashboard');
    await page.goto('/dashboard/settings');
    const card = page.getByRole('region', { name: 'Billing and Subscription' });
    await card.getByText('Premium, granted by Postkeeper: no billing').waitFor();
    expect(await card.getByText(/N\/A/).count()).toBe(0);
    expect(await card.getByRole('button').count()).toBe(0);
    await snap(page, 'billing-granted-settings');
    await context.close();
  });
});
