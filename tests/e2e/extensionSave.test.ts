import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../src/contract/ext';
import { startSocialSites, type SocialSites } from '../fixtures/socialSites';
import { baseURL, registerFresh, snap, submitSignIn } from './browser';
import { dashboardOpenedBy, launchWithExtension, type ExtensionBrowser } from './extensionBrowser';
import { overQuotaUser } from './overQuotaUser';

// Saving from the five platforms with the built extension, as a user does: the platforms' pages are played by a
// local HTTPS server under their real host names (tests/fixtures/socialSites.ts), the Save control is reached
// through its open shadow root, and what was saved is read back from the API as the web app's user.

/** A post to save on each platform: where it is, how to find it, and what the account must then hold. */
const POSTS = [
  {
    platform: 'x',
    page: 'https://x.com/home',
    post: 'article[data-testid="tweet"]',
    hasText: 'Four drawings of the Engine’s mill',
    url: 'https://x.com/ada/status/1789000000000000102',
    author: 'Ada Lovelace',
    authorHandle: '@ada',
    text: 'Four drawings of the Engine’s mill, from the notes.',
    images: 4,
  },
  {
    platform: 'reddit',
    page: 'https://www.reddit.com/r/typography/',
    post: 'shreddit-post',
    hasText: 'Kerning pairs I cut by hand',
    url: 'https://www.reddit.com/r/typography/comments/1cq2def/kerning_pairs_i_cut_by_hand_1923_style/',
    author: '',
    authorHandle: 'u/grace_h',
    title: 'Kerning pairs I cut by hand, 1923 style',
    images: 1,
  },
  {
    platform: 'linkedin',
    page: 'https://www.linkedin.com/feed/',
    post: '.feed-shared-update-v2',
    hasText: 'Jacquard loom',
    url: 'https://www.linkedin.com/feed/update/urn:li:activity:7530563355796493959/',
    author: 'Ada Lovelace',
    authorHandle: 'in/ada-lovelace-1815',
    // The end of the text the feed hides behind "…more".
    text: 'Full notes in the comments. #computing #history',
    images: 1,
  },
  {
    platform: 'instagram',
    page: 'https://www.instagram.com/',
    post: 'article',
    hasText: 'Tonight the Moon passes in front of Saturn',
    url: 'https://www.instagram.com/p/DBx1aBcDeFg/',
    author: 'nasa',
    authorHandle: '@nasa',
    // Behind "… more": the control expands the caption before it reads it.
    text: 'Credit: NASA/JPL-Caltech',
    images: 1,
  },
  {
    platform: 'pinterest',
    page: 'https://www.pinterest.com/pin/1055599905123456/',
    post: '[data-test-id="closeup-body"]',
    hasText: 'Mid-century reading nook',
    url: 'https://www.pinterest.com/pin/1055599905123456/',
    author: 'Home Design Lab',
    authorHandle: '@homedesignlab',
    // Behind the description's "more".
    text: 'Plans for the shelves are on the blog.',
    images: 1,
  },
] as const;
type SavedPost = (typeof POSTS)[number];
const byPlatform = (platform: SavedPost['platform']) => POSTS.find((p) => p.platform === platform)!;

let sites: SocialSites;
let ext: ExtensionBrowser;

beforeAll(async () => {
  sites = await startSocialSites();
  ext = await launchWithExtension({ args: sites.chromiumArgs });
});
afterAll(async () => {
  await ext?.close();
  await sites?.close();
});
beforeEach(async () => {
  await ext.reset();
  for (const page of ext.context.pages()) await page.close();
});

/** The post on its platform's page, and its Save control (a button in the control's open shadow root). */
async function openPost(post: SavedPost): Promise<{ page: Page; item: Locator; control: Locator }> {
  const page = await ext.context.newPage();
  await page.goto(post.page);
  const item = page.locator(post.post).filter({ hasText: post.hasText }).first();
  const control = item.locator('postkeeper-save').getByRole('button');
  await control.waitFor();
  return { page, item, control };
}

const named = (item: Locator, name: string) => item.getByRole('button', { name, exact: true });

/** The user's saved posts, as the web app's API lists them. */
async function accountPosts(token: string): Promise<Post[]> {
  const res = await fetch(`${baseURL()}/api/ext/posts?perPage=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { posts: Post[] }).posts;
}

/** The web app hands the session over through the header's Extension link, as a signed-in user would. */
async function handOver(token: string, name: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto('/api/healthz');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: `Hi, ${name}` }).waitFor();
  const library = await dashboardOpenedBy(ext, () =>
    page.locator('header').getByRole('button', { name: 'Extension' }).click(),
  );
  await library.close();
  return page;
}

/** The extension's popup, opened as a tab: its account heading. */
async function popupTitle(): Promise<string> {
  const popup = await ext.context.newPage();
  await popup.goto(ext.dashboardUrl.replace('dashboard.html', 'popup.html'));
  const title = popup.locator('#account-title');
  await expect.poll(() => popup.locator('#account').getAttribute('aria-busy')).toBe('false');
  const text = await title.innerText();
  await popup.close();
  return text;
}

/** The post's height with its control and without it: the control must not move anything. */
async function heightsWithAndWithout(item: Locator): Promise<[number, number]> {
  return item.evaluate((post) => {
    const host = post.querySelector('postkeeper-save')!;
    const [parent, next] = [host.parentNode!, host.nextSibling];
    const withControl = post.getBoundingClientRect().height;
    host.remove();
    const without = post.getBoundingClientRect().height;
    parent.insertBefore(host, next);
    return [withControl, without];
  });
}

describe('saving from the platforms', () => {
  it('saves a post from each platform in one click; the account has it with its author, text and pictures', async () => {
    const user = await registerFresh('Sage Saver', 'extsave');
    (await handOver(user.token, 'Sage Saver')).close();

    for (const post of POSTS) {
      const { page, item, control } = await openPost(post);
      expect(await control.getAttribute('aria-label')).toBe('Save to Postkeeper');
      expect(await control.innerText()).toBe('Save');
      if (post.platform === 'x') {
        // By keyboard: Tab from the post's last action reaches the control; Enter saves.
        await item.getByRole('button', { name: 'Share post' }).focus();
        await page.keyboard.press('Tab');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.ariaLabel))
          .toBe('Save to Postkeeper');
        await page.keyboard.press('Enter');
      } else await control.click();
      await named(item, 'Saved to Postkeeper').waitFor();
      expect(await control.innerText()).toBe('Saved');
      // The page stays where it was: a click inside a post must not open it.
      expect(page.url()).toBe(post.page);
      if (post.platform !== 'instagram') {
        const [withControl, without] = await heightsWithAndWithout(item);
        expect(withControl).toBe(without);
      }
      if (post.platform === 'x') await snap(page, 'extension-save-x');
      await page.close();
    }

    // The worker uploads the pictures after answering: wait for the last of them.
    await expect
      .poll(async () => (await accountPosts(user.token)).map((p) => p.media.length).sort())
      .toEqual(POSTS.map((p) => p.images).sort());
    const saved = await accountPosts(user.token);
    expect(saved).toHaveLength(POSTS.length);
    for (const post of POSTS) {
      const found = saved.find((p) => p.url === post.url);
      expect(found, post.platform).toMatchObject({
        platform: post.platform,
        author: post.author,
        authorHandle: post.authorHandle,
      });
      if ('text' in post) expect(found!.text).toContain(post.text);
      if ('title' in post) expect(found!.title).toBe(post.title);
      expect(found!.media.every((m) => m.sizeBytes > 0)).toBe(true);
    }

    // Saved posts show as saved wherever they appear again.
    const again = await openPost(byPlatform('x'));
    await named(again.item, 'Saved to Postkeeper').waitFor();
    await again.page.close();
  });

  it('offers no control on promoted posts', async () => {
    const ads = [
      { page: byPlatform('x').page, ad: 'article[data-testid="tweet"]', hasText: '@engineworks' },
      { page: byPlatform('reddit').page, ad: 'shreddit-ad-post', hasText: '' },
      { page: byPlatform('linkedin').page, ad: '.feed-shared-update-v2', hasText: 'Promoted' },
    ];
    const page = await ext.context.newPage();
    for (const { page: address, ad, hasText } of ads) {
      await page.goto(address);
      await page.locator('postkeeper-save').first().waitFor();
      const promoted = page.locator(ad).filter({ hasText });
      expect(await promoted.count(), address).toBe(1);
      expect(await promoted.locator('postkeeper-save').count(), address).toBe(0);
    }
    await page.close();
  });

  it('a second click offers Remove, which takes the post out of the account', async () => {
    const user = await registerFresh('Remy Remover', 'extsave');
    (await handOver(user.token, 'Remy Remover')).close();
    const post = byPlatform('linkedin');
    const { page, item, control } = await openPost(post);
    await control.click();
    await named(item, 'Saved to Postkeeper').waitFor();
    await expect.poll(async () => (await accountPosts(user.token)).map((p) => p.url)).toEqual([post.url]);

    await control.click();
    await named(item, 'Remove from Postkeeper').click();
    await named(item, 'Save to Postkeeper').waitFor();
    expect(await accountPosts(user.token)).toEqual([]);
    await page.close();
  });
});

describe('saving signed out, then signing in', () => {
  it('keeps saves in the browser, and uploads each once when the web app hands over a session', async () => {
    expect(await popupTitle()).toBe('Not signed in');
    const saves = [byPlatform('x'), byPlatform('reddit')];
    for (const post of saves) {
      const { page, item, control } = await openPost(post);
      await control.click();
      await named(item, 'Saved to Postkeeper').waitFor();
      await page.close();
    }

    const user = await registerFresh('Oona Offline', 'extsave');
    const web = await ext.context.newPage();
    await web.goto('/api/healthz');
    await web.evaluate(() => localStorage.clear());
    await web.goto('/dashboard/login');
    await dashboardOpenedBy(ext, () => submitSignIn(web, user.email, user.password));
    await expect
      .poll(async () => (await accountPosts(user.token)).map((p) => p.url).sort(), { timeout: 20_000 })
      .toEqual(saves.map((p) => p.url).sort());
    expect(await popupTitle()).toBe(user.email);

    // Handed over again (the Extension link), nothing is uploaded twice.
    await web.waitForURL(`${baseURL()}/dashboard`);
    await dashboardOpenedBy(ext, () =>
      web.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await accountPosts(user.token)).map((p) => p.url).sort()).toEqual(saves.map((p) => p.url).sort());
    await web.close();
  });
});

describe('when a save cannot be sent', () => {
  it("past the storage limit, the control says so with the plan's limit and an Upgrade link", async () => {
    const user = await overQuotaUser();
    (await handOver(user.token, user.displayName)).close();
    const { page, item, control } = await openPost(byPlatform('x'));
    await control.click();
    await named(item, 'Not saved to Postkeeper').waitFor();
    const message = item
      .locator('postkeeper-save')
      .getByText('Storage limit reached: your Free plan includes 1 GB');
    await message.waitFor();
    const upgrade = item.locator('postkeeper-save').getByRole('link', { name: 'Upgrade' });
    expect(await upgrade.getAttribute('href')).toBe(`${baseURL()}/upgrade`);
    await snap(page, 'extension-save-quota');
    const [tab] = await Promise.all([ext.context.waitForEvent('page'), upgrade.click()]);
    await tab.waitForURL(`${baseURL()}/upgrade`);
    await tab.close();
    expect(await accountPosts(user.token)).not.toContainEqual(
      expect.objectContaining({ url: byPlatform('x').url }),
    );
    await page.close();
  });

  it('offline, a save is pending, and is sent when the network returns', async () => {
    const user = await registerFresh('Pia Pending', 'extsave');
    (await handOver(user.token, 'Pia Pending')).close();
    const post = byPlatform('x');
    const { page, item, control } = await openPost(post);
    await ext.context.setOffline(true);
    try {
      await control.click();
      await named(item, 'Pending: saves to Postkeeper when back online').waitFor();
      expect(await control.innerText()).toBe('Pending');
      expect(await accountPosts(user.token)).toEqual([]);
    } finally {
      await ext.context.setOffline(false);
    }
    await named(item, 'Saved to Postkeeper').waitFor({ timeout: 30_000 });
    expect((await accountPosts(user.token)).map((p) => p.url)).toEqual([post.url]);
    await page.close();
  });
});

describe('signing out on the web app', () => {
  it("signs the extension out: this browser keeps none of the account's posts, and the account keeps them all", async () => {
    const user = await registerFresh('Lee Leaving', 'extsave');
    const web = await handOver(user.token, 'Lee Leaving');
    expect(await popupTitle()).toBe(user.email);
    const post = byPlatform('pinterest');
    const first = await openPost(post);
    await first.control.click();
    await named(first.item, 'Saved to Postkeeper').waitFor();
    await first.page.close();

    await web.locator('header').getByRole('button', { name: 'Logout' }).click();
    await web.waitForURL(`${baseURL()}/dashboard/login`);
    await expect.poll(popupTitle).toBe('Not signed in');
    // The next person using this browser does not see the last account's saves; they are safe in the account.
    const again = await openPost(post);
    await named(again.item, 'Save to Postkeeper').waitFor();
    await again.page.close();
    const signIn = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    expect((await accountPosts(token)).map((p) => p.url)).toEqual([post.url]);
    await web.close();
  });
});
