import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchChromium, newPage, snap } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

describe('subscription round trip on the embedded provider', () => {
  it('upgrades a free user through checkout in a new tab, cancels, reactivates, and visits the portal', async () => {
    const { context, page } = await newPage(browser, 1280);
    const email = `billing-${Date.now().toString(36)}@example.com`;
    const res = await page.request.post(`${baseURL()}/api/auth/register`, { data: { email, password: 'billing-pw-1', displayName: 'Bill Ing' } });
    const { token } = (await res.json()) as { token: string };
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await page.goto('/dashboard');
    await page.getByText('Upgrade to Premium for unlimited saves, AI features, and more.').waitFor();

    // 1. Checkout opens in a new tab; the test card starts the trial; the dashboard shows Trial without a reload.
    const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Upgrade to Premium' }).click()]);
    await checkout.waitForURL(/\/api\/billing\/local\/checkout\//);
    expect(checkout.url()).not.toContain(token);
    await checkout.getByText('7-day free trial').waitFor();
    await snap(checkout, 'billing-checkout-1280');
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
    await checkout.getByRole('button', { name: 'Start free trial' }).click();
    await checkout.getByText('Your card was declined. Please use another card.').waitFor();
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Start free trial' }).click();
    await checkout.waitForURL('**/dashboard?checkout=success');
    await checkout.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByTestId('plan-badge').filter({ hasText: 'Trial' }).waitFor();
    await snap(page, 'billing-dashboard-trial-1280');

    // 2. Cancel from settings, after the confirmation.
    await page.goto('/dashboard/settings');
    await page.getByText(/^Trial ends on /).waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText('Subscription will be canceled at the end of your billing period.').waitFor();
    await page.getByText(/^Your subscription will be canceled on /).waitFor();
    await page.goto('/dashboard');
    await page.getByText(/^Cancels on /).waitFor();

    // 3. Reactivate.
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await page.getByText('Subscription reactivated successfully!').waitFor();
    await snap(page, 'billing-settings-1280');

    // 4. The portal opens in a new tab and returns to the web app.
    const [portal] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Manage Subscription' }).click()]);
    await portal.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
    expect(await portal.getByText('trialing').count()).toBeGreaterThan(0);
    await snap(portal, 'billing-portal-1280');
    await portal.getByRole('link', { name: 'Return to Postkeeper' }).click();
    await portal.waitForURL('**/dashboard/settings');
    await context.close();
  });
});
