import autocannon from 'autocannon';

const THROUGHPUT_SECONDS = 5;

/** The accounts a throughput request may act as, by their bearer tokens. */
export interface ThroughputAccounts {
  /** A typical user of the large seed. */
  typical: string;
  /** A Premium account with one saved post, which auto-tagging tags. */
  premiumWithPost: string;
  aiPostId: string;
}

interface ThroughputRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The n-th request's JSON body. */
  body?: (n: number, accounts: ThroughputAccounts) => object;
  as?: 'typical' | 'premiumWithPost';
}

/** Measured in this order; the first is the baseline the others are a ratio to. */
const ROUTES: ThroughputRoute[] = [
  { name: 'GET /api/auth/me', method: 'GET', path: '/api/auth/me' },
  {
    name: 'POST /api/ext/posts',
    method: 'POST',
    path: '/api/ext/posts',
    body: (n) => ({
      platform: 'x',
      url: `https://x.com/bench/${n}`,
      author: 'Bench',
      text: 'A post saved by the bench.',
    }),
  },
  // The whole AI path: plan rule, post lookup, the console's routing read, the provider call (the stand-in
  // answers at once, so this measures the gateway, not a model), tags saved and usage metered in one transaction.
  {
    name: 'POST /api/ext/ai/auto-tagging',
    method: 'POST',
    path: '/api/ext/ai/auto-tagging',
    as: 'premiumWithPost',
    body: (_n, accounts) => ({ postId: accounts.aiPostId }),
  },
];

/**
 * Each route's answered requests per second over a few seconds with 10 connections, and its ratio to GET
 * /api/auth/me measured just before on the same server.
 */
export async function measureThroughput(
  origin: string,
  accounts: ThroughputAccounts,
  report: (name: string, rate: number, ratio: number) => void,
): Promise<void> {
  let sent = 0;
  let baseline = 0;
  for (const route of ROUTES) {
    const result = await autocannon({
      url: origin,
      connections: 10,
      duration: THROUGHPUT_SECONDS,
      requests: [
        {
          method: route.method,
          path: route.path,
          headers: {
            authorization: `Bearer ${accounts[route.as ?? 'typical']}`,
            ...(route.body ? { 'content-type': 'application/json' } : {}),
          },
          setupRequest: (req) =>
            route.body ? { ...req, body: JSON.stringify(route.body((sent += 1), accounts)) } : req,
        },
      ],
    });
    if (result.non2xx || result.errors)
      console.log(`  ${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    // Only answered requests count.
    const rate = (result.requests.total - result.non2xx - result.errors) / THROUGHPUT_SECONDS;
    baseline ||= rate;
    report(route.name, rate, rate / baseline);
  }
}
