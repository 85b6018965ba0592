import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../api/harness';
import { extUser, type ExtUser } from '../api/fixtures';
import { image, savePost, upload, count } from '../api/extHarness';
import { fillPath, pathParams, ROLE_NAMES, seedRoles, type RoleName, type Roles } from './roles';

let t: TestApp;
let roles: Roles;
let owner: ExtUser;
let stranger: ExtUser;
let ownersPostId: string;
beforeAll(async () => {
  t = await startTestApp();
  roles = await seedRoles(t);
  owner = await extUser(t);
  stranger = await extUser(t);
  const saved = await savePost(t, owner, { platform: 'x', url: 'https://x.com/a/status/1', text: 'mine' });
  ownersPostId = saved.json().post.id;
});
afterAll(() => t.close());

const ALL_IN = (prefix: string) =>
  t.app.routeTable.filter((r) => r.url.startsWith(prefix) && !['TRACE', 'QUERY'].includes(r.method));
// The catch-all answers unknown paths under the prefix; it must be guarded like the real routes.
const concrete = (url: string) => fillPath(url.replace(/\/\*$/, '/no-such-route'), () => 'no-such-id-1');

const EXPECTED: Record<RoleName, (status: number) => boolean> = {
  anonymous: (s) => s === 401,
  user: (s) => s === 403,
  admin: (s) => s !== 401 && s !== 403 && s < 500,
};

describe('authorization matrix, generated from the route table', () => {
  it('every /api/admin route: anonymous 401, customer 403, operator neither', async () => {
    const routes = ALL_IN('/api/admin/');
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const role of ROLE_NAMES) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: roles[role],
        });
        if (!EXPECTED[role](res.statusCode))
          wrong.push(`${route.method} ${route.url} as ${role}: ${res.statusCode}`);
      }
    }
    console.log(
      `authz: ${routes.length} admin routes × ${ROLE_NAMES.length} roles = ${routes.length * 3} checks`,
    );
    expect(wrong).toEqual([]);
  });

  it('every /api/ext route: anonymous 401', async () => {
    const routes = ALL_IN('/api/ext/');
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    console.log(`authz: ${routes.length} extension routes × anonymous = ${routes.length} checks`);
    expect(wrong).toEqual([]);
  });

  // A body the route would accept, so the answer is about the id and not a 400 for a missing body.
  const VALID_BODIES: Record<string, object> = { 'PUT /api/ext/posts/:id/tags': { tags: ['growth'] } };

  it("every /api/ext route with an id: another user's id is 404 and nothing changes", async () => {
    const routes = ALL_IN('/api/ext/').filter((r) => pathParams(r.url).includes('id'));
    expect(routes.length).toBeGreaterThanOrEqual(2);
    const picture = await image('tiny.gif');
    const wrong: string[] = [];
    for (const route of routes) {
      const url = fillPath(route.url, () => ownersPostId);
      const res = route.url.endsWith('/media')
        ? await upload(t, stranger, ownersPostId, picture)
        : await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: stranger.headers,
            ...(VALID_BODIES[`${route.method} ${route.url}`] && {
              payload: VALID_BODIES[`${route.method} ${route.url}`],
            }),
          });
      if (res.statusCode !== 404) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    console.log(
      `authz: ${routes.length} extension routes with an id × another user = ${routes.length} checks`,
    );
    expect(wrong).toEqual([]);
    expect(await count(t, 'posts', owner.id)).toBe(1);
    expect(await count(t, 'post_media', owner.id)).toBe(0);
  });
});
