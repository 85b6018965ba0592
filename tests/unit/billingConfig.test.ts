import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PRICE_ID: 'price_pro',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('the billing provider setting', () => {
  it('is the embedded one outside production, none in production, and Stripe wherever its key is set', () => {
    expect(loadConfig({}).billingProvider).toBe('local');
    expect(loadConfig({ NODE_ENV: 'test' }).billingProvider).toBe('local');
    expect(loadConfig({ NODE_ENV: 'production' }).billingProvider).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', ...STRIPE }).billingProvider).toBe('stripe');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).billingProvider).toBe('stripe');
  });

  it('takes BILLING_PROVIDER when set: local even in production and beside Stripe keys', () => {
    expect(loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'local' }).billingProvider).toBe('local');
    expect(loadConfig({ BILLING_PROVIDER: 'local', ...STRIPE }).billingProvider).toBe('local');
    expect(loadConfig({ BILLING_PROVIDER: 'stripe', ...STRIPE }).billingProvider).toBe('stripe');
    expect(loadConfig({ BILLING_PROVIDER: ' ' }).billingProvider).toBe('local');
    expect(refusal({ BILLING_PROVIDER: 'paypal' })).toBe(
      'Invalid configuration: BILLING_PROVIDER must be stripe or local (got "paypal")',
    );
  });

  it('refuses Stripe without its key, price or webhook secret, naming the one missing', () => {
    expect(refusal({ NODE_ENV: 'production', BILLING_PROVIDER: 'stripe' })).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY must be set to bill with Stripe',
    );
    expect(refusal({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(
      'Invalid configuration: STRIPE_PRICE_ID must be set to bill with Stripe',
    );
    expect(refusal({ NODE_ENV: 'production', ...STRIPE, STRIPE_WEBHOOK_SECRET: '' })).toBe(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET must be set to bill with Stripe',
    );
  });

  it('gives a past-due subscription 7 days of Premium unless BILLING_PAST_DUE_GRACE_DAYS says otherwise', () => {
    expect(loadConfig({}).BILLING_PAST_DUE_GRACE_DAYS).toBe(7);
    expect(loadConfig({ BILLING_PAST_DUE_GRACE_DAYS: '14' }).BILLING_PAST_DUE_GRACE_DAYS).toBe(14);
    expect(refusal({ BILLING_PAST_DUE_GRACE_DAYS: 'a week' })).toBe(
      'Invalid configuration: BILLING_PAST_DUE_GRACE_DAYS must be a number (got "a week")',
    );
  });
});
