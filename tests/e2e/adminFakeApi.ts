import type { Page, Route } from 'playwright-core';

// A stand-in for the admin API (docs/product.md#admin-endpoints shapes, whole arrays as the spec's backend sends them), served inside the
// browser page. Used for screenshots when the build has no admin API yet.

const users = Array.from({ length: 60 }, (_, i) => ({
  _id: `u${i}`,
  email: `person${i}@example.com`,
  name: `Person ${i}`,
  displayName: `Person ${i}`,
  plan: i % 3 ? 'free' : 'premium',
  subscriptionStatus: i % 3 ? null : 'active',
  role: 'user',
  emailVerified: true,
  adsDisabled: i % 4 === 0,
  storageUsed: i * 37 * 1048576,
  storageLimit: 1073741824,
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  flaggedForAbuse: i % 7 === 0,
  lastFlaggedReason: i % 14 === 0 ? 'Excessive storage: 12 GB' : null,
  flaggedAt: i % 14 === 0 ? '2026-11-20T10:00:00Z' : null,
  tokens30d: i * 1234,
}));

const coupons = ['SPRING25', 'WELCOME10', 'BLACKFRIDAY', 'OLD2025', 'VIP'].map((code, i) => ({
  id: `c${i}`,
  code,
  discountType: i % 2 ? 'fixed' : 'percentage',
  amount: i % 2 ? 4.99 : 25,
  usageLimit: i === 1 ? null : 10,
  usedCount: i === 2 ? 10 : i,
  expiresAt: i === 3 ? '2025-12-31T00:00:00Z' : i === 0 ? '2027-03-01T12:00:00Z' : null,
  isActive: i !== 4,
  isExpired: i === 3,
  createdBy: 'admin@example.com',
  createdAt: '2026-11-01T00:00:00Z',
}));

const suspicious = users.slice(0, 25).map((u, i) => ({
  _id: u._id,
  email: u.email,
  displayName: u.displayName,
  name: u.name,
  plan: u.plan,
  tokensUsed30d: 600000 + i * 50000,
  storageUsedMB: 500 + i * 300,
  estimatedCost: 0.2 + i * 0.07,
  flaggedForAbuse: i % 4 === 0,
  suspiciousReasons: ['High token usage: 600k in 30 days', ...(i % 2 ? ['Large storage: 6 GB'] : [])],
}));

const ROUTES: Record<string, unknown> = {
  'GET /api/auth/me': {
    ...users[0],
    _id: 'admin',
    email: 'admin@example.com',
    displayName: 'Ada Admin',
    role: 'admin',
  },
  'GET /api/admin/overview': {
    totalUsers: 100000,
    activeUsersToday: 4321,
    totalTokenUsage: 98765432,
    totalStorageUsedGB: 1234.56,
    usersByPlan: [
      { plan: 'free', status: '', count: 80000 },
      { plan: 'premium', status: 'active', count: 15000 },
      { plan: 'premium', status: 'trialing', count: 3000 },
      { plan: 'premium', status: 'canceled', count: 2000 },
    ],
    dailyUsage: Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      tokens: Math.round(2e6 + Math.sin(i) * 5e5),
      cost: 4 + Math.cos(i),
    })),
  },
  'GET /api/admin/users': { users },
  'GET /api/admin/coupons': { coupons },
  'GET /api/admin/coupons/stats': { totalCoupons: 5, activeCoupons: 2, expiredCoupons: 1, totalUsages: 16 },
  'GET /api/admin/users/flagged': { users: users.filter((u) => u.flaggedForAbuse) },
  'GET /api/admin/abuse/stats': {
    totalFlagged: 9,
    flaggedToday: 2,
    flaggedThisWeek: 5,
    mostCommonReasons: [
      { reason: 'Excessive storage: 12 GB', count: 4 },
      { reason: 'Token abuse: 2M', count: 3 },
    ],
  },
  'GET /api/admin/ai-config': {
    configs: [
      {
        taskType: 'categorize',
        provider: 'anthropic',
        model: 'claude-haiku',
        updatedAt: '2026-11-20T09:00:00Z',
      },
    ],
  },
  'GET /api/admin/ai-config/providers': {
    taskTypes: [
      { id: 'tagging', name: 'Auto-tagging', description: 'Suggests tags for saved posts' },
      { id: 'categorize', name: 'Categorization', description: 'Sorts posts into categories' },
      { id: 'recommend', name: 'Recommendations', description: 'Finds related posts' },
    ],
    providers: {
      openai: { name: 'OpenAI', models: [{ id: 'gpt-4o-mini', name: 'GPT-4o mini' }], configured: true },
      anthropic: {
        name: 'Anthropic',
        models: [{ id: 'claude-haiku', name: 'Claude Haiku' }],
        configured: false,
      },
    },
  },
  'GET /api/admin/users/suspicious': {
    users: suspicious,
    statistics: {
      totalUsers: 25,
      flaggedUsers: 7,
      averageEstimatedCost: 1.04,
      totalEstimatedCost: 26.0,
      thresholds: { TOKENS_30D: 500000, STORAGE_GB: 5, COST_DOLLAR: 1 },
    },
  },
  'GET /api/admin/cost-analysis/summary': {
    tokens: { total: 98765432, cost: 19.75 },
    storage: { totalGB: 1234.56, cost: 28.4 },
    total: { estimatedCost: 48.15 },
  },
};

/** Answers /api/auth/me and the admin API from the data above; anything else is a 404. */
export async function serveFakeAdminApi(page: Page): Promise<void> {
  await page.route('**/api/**', (route: Route) => {
    const url = new URL(route.request().url());
    const body = ROUTES[`${route.request().method()} ${url.pathname}`];
    return route.fulfill({
      status: body === undefined ? 404 : 200,
      contentType: 'application/json',
      body: JSON.stringify(body ?? { message: 'Not found' }),
    });
  });
}
