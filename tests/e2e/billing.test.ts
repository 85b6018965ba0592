import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchChromium, newPage, signInAs, snap } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

const unique = () =>
  `billing-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Clicks something that opens a new tab and returns that tab once it has loaded. */
async function tabFrom(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

describe('billing round trip on the embedded provider', () => {
  it('upgrades through checkout in a new tab, cancels, reactivates, and visits the portal', async () => {
    const { context, page } = await newPage(browser, 1280);
    const email = unique();
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
