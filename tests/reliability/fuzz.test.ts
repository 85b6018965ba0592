import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../api/harness';
import { startStandIns } from './standIns';
import { userWith, extUser, couponWith } from '../api/fixtures';
import { savePost } from '../api/extHarness';
import { abuseChecksSettled } from '../../src-server/admin/abuseCheck';
import { contactMessages } from '../../src-server/db/schema';
import { freshRoles, seedRoles, type Roles } from './roles';
import { casesFor, emptyBodyCases, routesOf, type FuzzCase, type OpenApiDoc } from './fuzzCases';

// FUZZ_SEED replays a run exactly; FUZZ_RUNS scales it (cases per operation, spread over the three callers).
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
// FUZZ_ROUTE narrows a replay to the operations whose "METHOD /path" contains it.
const ONLY = process.env.FUZZ_ROUTE ?? '';
// Requests that end a caller's sessions: the suite signs its callers in again after them.
const SIGNS_OUT = /logout|revoke/;

let t: TestApp;
let standIns: Awaited<ReturnType<typeof startStandIns>>;
let roles: Roles;
let realIds: string[];
beforeAll(async () => {
  standIns = await startStandIns();
  t = await startTestApp(standIns.env);
  roles = await seedRoles(t);
  const target = await userWith(t, { email: 'target@example.com' });
  const coupon = await couponWith(t, {
    code: 'FUZZ10',
    discountType: 'percentage',
    amount: 10,
    createdBy: 'seed',
  });
  const [message] = await t.db
    .insert(contactMessages)
    .values({ type: 'support', name: 'Sam', email: 'sam@example.com', message: 'Help' })
    .returning({ id: contactMessages.id });
  const saver = await extUser(t);
  const post = await savePost(t, saver, { platform: 'x', url: 'https://x.com/s/status/1', text: 'hi' });
  realIds = [target, coupon, message.id, post.json().post.id];
});
afterAll(async () => {
  await abuseChecksSettled();
  await t.close();
  await standIns.close();
});

const STACK = /\n\s+at |[\\/][\w.-]+\.(?:ts|js|mjs):\d+|node_modules/;

/** What is wrong with one answer, or null: no 5xx, 4xx as JSON {message}, never a stack or a file path. */
function verdict(c: FuzzCase, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (STACK.test(res.body)) return `stack or path in body: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || c.method === 'HEAD') return null;
  if (!String(res.headers['content-type']).includes('application/json')) return `${res.statusCode} not JSON`;
  try {
    const body = JSON.parse(res.body) as { message?: unknown };
    return typeof body.message === 'string'
      ? null
      : `${res.statusCode} without message: ${res.body.slice(0, 200)}`;
  } catch {
    return `${res.statusCode} unparseable body`;
  }
}

const short = (s = '') => (s.length > 160 ? `${s.slice(0, 160)}… (${s.length} chars)` : s);

/** Sends one case as the web app and the extension call the API; browser navigations get HTML pages instead. */
const send = (c: FuzzCase) =>
  t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: {
      accept: 'application/json',
      ...roles[c.role],
      ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(c.body === undefined ? {} : { payload: c.body }),
  });

/** Sends one case; when it ended the caller's session, the suite's callers sign in again. */
async function sendAndResign(c: FuzzCase): Promise<LightMyRequestResponse> {
  const res = await send(c);
  if (SIGNS_OUT.test(c.url) && res.statusCode < 300) await freshRoles(t, roles);
  return res;
}

describe('fuzz: every OpenAPI operation with schema-built and hostile input', () => {
  // First, before the fuzz below spends the rate limits: a 429 would hide what the body did.
  it('answers an empty JSON body on every operation without a body as it answers no body', async () => {
    const all = routesOf(t.app.swagger() as OpenApiDoc);
    const cases = emptyBodyCases(all).filter((c) => `${c.method} ${c.url}`.includes(ONLY));
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const c of cases) {
      const empty = await sendAndResign(c);
      const bare = await sendAndResign({ ...c, body: undefined });
      if (process.env.FUZZ_DEBUG) console.log(c.method, c.url, c.role, empty.statusCode, bare.statusCode);
      const wrong =
        verdict(c, empty) ??
        (empty.statusCode === bare.statusCode
          ? null
          : `${empty.statusCode} ${empty.body.slice(0, 200)}, without a body ${bare.statusCode}`);
      if (wrong) failures.push(`${c.method} ${c.url} as ${c.role} with an empty JSON body: ${wrong}`);
    }
    console.log(`fuzz: ${cases.length} empty JSON bodies, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('answers no 5xx, and every 4xx is JSON {message} without a stack trace', async () => {
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    const all = routesOf(t.app.swagger() as OpenApiDoc);
    expect(all.length).toBeGreaterThanOrEqual(50);
    const routes = all.filter((r) => `${r.method} ${r.path}`.includes(ONLY));
    const failures: string[] = [];
    let sent = 0;
    let accepted = 0;
    for (const route of routes) {
      const index = all.indexOf(route);
      const cases = fc.sample(casesFor(route, realIds), { seed: SEED + index, numRuns: RUNS });
      for (const c of cases) {
        const res = await sendAndResign(c);
        sent++;
        if (res.statusCode < 300) accepted++;
        if (process.env.FUZZ_DEBUG) console.log(res.statusCode, short(c.body), res.body.slice(0, 120));
        const wrong = verdict(c, res);
        if (wrong) failures.push(`${c.method} ${short(c.url)} as ${c.role} body=${short(c.body)}: ${wrong}`);
      }
    }
    console.log(
      `fuzz: ${routes.length} operations, ${sent} cases (${accepted} answered 2xx), ${failures.length} failures (FUZZ_SEED=${SEED})`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
