import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATHER_MS } from '../../src-extension/content/nearViewport';
import type { PlatformReader } from '../../src-extension/content/platformReader';
import { CONTROL_TAG } from '../../src-extension/content/saveControl';
import {
  observeTimeline,
  EAGER_POSTS,
  PENDING_RECHECK_MS,
  type Timeline,
} from '../../src-extension/content/timelineObserver';
import type { WorkerPort } from '../../src-extension/content/workerPort';
import type { ExtractedPost } from '../../src-extension/shared/extractedPost';
import type { SaveState } from '../../src-extension/shared/messages';

// The timeline as a user scrolls it: posts arrive in batches, the same post can be rendered twice, the site
// re-renders a post's action bar, and promoted posts are not offered a control. The reader is a small stand-in
// with X's public structure; each platform's own reader has its unit tests.

const POST = 'article[data-testid="tweet"]';
const reader: PlatformReader & { expand: ReturnType<typeof vi.fn> } = {
  platform: 'x',
  hosts: ['x.com'],
  findPosts(root) {
    const posts = [...root.querySelectorAll(POST)];
    if (root instanceof Element && root.matches(POST)) posts.unshift(root);
    return posts.filter((p) => !p.parentElement?.closest(POST));
  },
  extract(node) {
    if (node.querySelector('[data-testid="placementTracking"]')) return null; // promoted
    const link = node.querySelector<HTMLAnchorElement>('a[href*="/status/"]');
    if (!link) return null; // a placeholder still loading
    return {
      platform: 'x',
      url: link.href,
      authorName: 'Ada',
      authorHandle: '@ada',
      text: node.querySelector('[data-testid="tweetText"]')?.textContent ?? '',
      postedAt: null,
      images: [],
    };
  },
  controlAnchor: (node) => node.querySelector('[role="group"] > :last-child') ?? node,
  // A "…more" that expands in place.
  expand: vi.fn((node: Element) => {
    const more = node.querySelector('[data-testid="tweet-text-show-more-link"]');
    if (more) {
      more.remove();
      node.querySelector('[data-testid="tweetText"]')!.append(' and the rest of it.');
    }
  }),
};

function tweet(id: number, { promoted = false, more = false } = {}): HTMLElement {
  const cell = document.createElement('div');
  cell.dataset.testid = 'cellInnerDiv';
  cell.innerHTML = `<article data-testid="tweet"><a href="https://x.com/ada/status/${id}">${id}</a>
    <div data-testid="tweetText">Post ${id}</div>${more ? '<button data-testid="tweet-text-show-more-link">Show more</button>' : ''}
    ${promoted ? '<div data-testid="placementTracking">Ad</div>' : ''}
    <div role="group"><button>Reply</button><button>Like</button><button>Share</button></div></article>`;
  return cell;
}

const url = (id: number) => `https://x.com/ada/status/${id}`;

function fakeWorker(saved: string[] = []) {
  const savedState = vi.fn(async (urls: string[]) => ({
    saved: urls.filter((u) => saved.includes(u)),
    pending: [],
  }));
  const save = vi.fn(async (post: ExtractedPost): Promise<SaveState> => ({ state: 'saved', url: post.url }));
  const remove = vi.fn(async () => {});
  const worker: WorkerPort = { savedState, save, remove };
  return { worker, savedState, save, remove };
}

let timeline: Timeline | undefined;
let timelineRoot: HTMLElement;
function start(worker: WorkerPort): Timeline {
  timeline = observeTimeline({
    reader,
    worker,
    page: () => ({ location: new URL('https://x.com/home'), document }),
  });
  return timeline;
}
const controlsIn = (el: Element) => [...el.querySelectorAll(CONTROL_TAG)];
const buttonOf = (post: Element, name: string | RegExp) =>
  within(post.querySelector(CONTROL_TAG)!.shadowRoot as unknown as HTMLElement).getByRole('button', { name });
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  timelineRoot = document.createElement('main');
  document.body.append(timelineRoot);
  reader.expand.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  timeline?.stop();
  document.body.replaceChildren();
});

describe('the timeline', () => {
  it('gives each post on the page one Save control in its action bar, and promoted posts none', () => {
    timelineRoot.append(tweet(1), tweet(2, { promoted: true }), tweet(3));
    start(fakeWorker().worker);
    const posts = [...timelineRoot.querySelectorAll(POST)];
    expect(posts.map((p) => controlsIn(p).length)).toEqual([1, 0, 1]);
    const bar = posts[0].querySelector('[role="group"]')!;
    expect([...bar.children].map((c) => c.localName)).toEqual(['button', 'button', 'button', CONTROL_TAG]);
    expect(buttonOf(posts[0], 'Save to Postkeeper')).toHaveTextContent('Save');
  });

  it('adds controls to posts as they arrive, once each, even when the same post is added twice', async () => {
    const { worker, savedState } = fakeWorker();
    start(worker);
    const batch = Array.from({ length: 20 }, (_, i) => tweet(100 + i));
    timelineRoot.append(...batch);
    await settle();
    expect(controlsIn(timelineRoot)).toHaveLength(20);
    // One question to the worker for the whole batch.
    expect(savedState).toHaveBeenCalledTimes(1);
    expect(savedState.mock.calls[0][0]).toEqual(batch.map((_, i) => url(100 + i)));

    // The site moves a rendered post (a re-sort), and adds a copy of its cell elsewhere.
    timelineRoot.prepend(batch[5]);
    timelineRoot.append(batch[5].cloneNode(true));
    await settle();
    const copies = [...timelineRoot.querySelectorAll(POST)].filter((p) =>
      p.querySelector(`a[href="${url(105)}"]`),
    );
    expect(copies).toHaveLength(2);
    expect(copies.map((p) => controlsIn(p).length)).toEqual([1, 1]);
    expect(controlsIn(timelineRoot)).toHaveLength(21);
  });

  it('gives the first posts of a long batch their controls at once, and the rest as they come near the viewport', async () => {
    // jsdom has no layout: a stand-in IntersectionObserver says which posts the reader has scrolled near.
    let near: (posts: Element[]) => void = () => {};
    const observed = new Set<Element>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          near = (posts) =>
            callback(
              posts.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              this as unknown as IntersectionObserver,
            );
        }
        observe = (el: Element) => observed.add(el);
        unobserve = (el: Element) => observed.delete(el);
        disconnect = () => observed.clear();
      },
    );
    try {
      const { worker, savedState } = fakeWorker([url(230)]);
      start(worker);
      timelineRoot.append(...Array.from({ length: 40 }, (_, i) => tweet(200 + i)));
      await settle();
      const posts = [...timelineRoot.querySelectorAll(POST)];
      expect(posts.map((p) => controlsIn(p).length).join('')).toBe(
        '1'.repeat(EAGER_POSTS) + '0'.repeat(40 - EAGER_POSTS),
      );
      expect(observed.size).toBe(40 - EAGER_POSTS);

      near(posts.slice(28, 30));
      near(posts.slice(30, 32));
      // Posts coming near are gathered for a moment, then given their controls together.
      expect(controlsIn(posts[28])).toHaveLength(0);
      await new Promise((r) => setTimeout(r, GATHER_MS + 10));
      expect(posts.map((p) => controlsIn(p).length).join('')).toBe(
        '1'.repeat(EAGER_POSTS) + '0'.repeat(28 - EAGER_POSTS) + '1111' + '0'.repeat(8),
      );
      expect(buttonOf(posts[30], 'Saved to Postkeeper')).toHaveTextContent('Saved');
      expect(savedState).toHaveBeenLastCalledWith(posts.slice(28, 32).map((_, i) => url(228 + i)));
      expect(observed.size).toBe(40 - EAGER_POSTS - 4);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('skips promoted posts that arrive later', async () => {
    start(fakeWorker().worker);
    timelineRoot.append(tweet(1, { promoted: true }), tweet(2));
    await settle();
    const [ad, post] = timelineRoot.querySelectorAll(POST);
    expect(controlsIn(ad)).toHaveLength(0);
    expect(controlsIn(post)).toHaveLength(1);
  });

  it('shows posts saved already as "Saved", on every copy of them on the page', async () => {
    start(fakeWorker([url(7)]).worker);
    timelineRoot.append(tweet(6), tweet(7), tweet(7));
    await settle();
    const [other, first, second] = timelineRoot.querySelectorAll(POST);
    expect(buttonOf(other, 'Save to Postkeeper')).toHaveTextContent('Save');
    expect(buttonOf(first, 'Saved to Postkeeper')).toHaveTextContent('Saved');
    expect(buttonOf(second, 'Saved to Postkeeper')).toHaveTextContent('Saved');
  });

  it('a click expands "…more", saves the whole post and shows "Saved" on each copy of it', async () => {
    const user = userEvent.setup();
    const { worker, save } = fakeWorker();
    start(worker);
    timelineRoot.append(tweet(8, { more: true }), tweet(8, { more: true }));
    await settle();
    const [post, copy] = timelineRoot.querySelectorAll(POST);
    await user.click(buttonOf(post, 'Save to Postkeeper'));
    await vi.waitFor(() => expect(buttonOf(post, 'Saved to Postkeeper')).toBeTruthy());
    expect(reader.expand).toHaveBeenCalledWith(post);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ url: url(8), text: 'Post 8 and the rest of it.' });
    expect(buttonOf(copy, 'Saved to Postkeeper')).toHaveTextContent('Saved');
  });

  it('shows a save the worker queued as pending', async () => {
    const user = userEvent.setup();
    const { worker, save } = fakeWorker();
    save.mockResolvedValueOnce({ state: 'pending', url: url(9) });
    start(worker);
    timelineRoot.append(tweet(9));
    await settle();
    const post = timelineRoot.querySelector(POST)!;
    await user.click(buttonOf(post, 'Save to Postkeeper'));
    await vi.waitFor(() => expect(buttonOf(post, /^Pending/)).toHaveTextContent('Pending'));
  });

  it('a pending save turns "Saved" once the worker has sent it, without a reload', async () => {
    const sent: string[] = [];
    const { worker, save, savedState } = fakeWorker(sent);
    save.mockResolvedValueOnce({ state: 'pending', url: url(14) });
    start(worker);
    timelineRoot.append(tweet(14));
    await settle();
    const post = timelineRoot.querySelector(POST)!;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      buttonOf(post, 'Save to Postkeeper').click();
      await vi.advanceTimersByTimeAsync(0);
      expect(buttonOf(post, /^Pending/)).toHaveTextContent('Pending');
      await vi.advanceTimersByTimeAsync(PENDING_RECHECK_MS);
      expect(buttonOf(post, /^Pending/)).toHaveTextContent('Pending'); // still offline

      sent.push(url(14)); // the network is back and the worker sent it
      await vi.advanceTimersByTimeAsync(PENDING_RECHECK_MS);
      expect(buttonOf(post, 'Saved to Postkeeper')).toHaveTextContent('Saved');
      expect(savedState).toHaveBeenLastCalledWith([url(14)]);
      const asked = savedState.mock.calls.length;
      await vi.advanceTimersByTimeAsync(3 * PENDING_RECHECK_MS);
      expect(savedState.mock.calls.length).toBe(asked); // nothing pending: no more questions
    } finally {
      vi.useRealTimers();
    }
  });

  it('a saved post can be removed; a removal that fails leaves it saved and says why', async () => {
    const user = userEvent.setup();
    const { worker, remove } = fakeWorker([url(10)]);
    start(worker);
    timelineRoot.append(tweet(10));
    await settle();
    const post = timelineRoot.querySelector(POST)!;
    remove.mockRejectedValueOnce(new Error('Could not remove this post. Please try again.'));
    await user.click(buttonOf(post, 'Saved to Postkeeper'));
    await user.click(buttonOf(post, 'Remove from Postkeeper'));
    await vi.waitFor(() =>
      expect(buttonOf(post, 'Saved to Postkeeper')).toHaveAccessibleDescription(
        'Could not remove this post. Please try again.',
      ),
    );

    await user.click(buttonOf(post, 'Saved to Postkeeper'));
    await user.click(buttonOf(post, 'Remove from Postkeeper'));
    await vi.waitFor(() => expect(buttonOf(post, 'Save to Postkeeper')).toHaveTextContent('Save'));
    expect(remove).toHaveBeenLastCalledWith(url(10));
  });

  it('puts the control back when the site re-renders the action bar, and fills in a placeholder once it loads', async () => {
    start(fakeWorker().worker);
    timelineRoot.append(tweet(11));
    const placeholder = document.createElement('article');
    placeholder.dataset.testid = 'tweet';
    timelineRoot.append(placeholder);
    await settle();
    const post = timelineRoot.querySelector(POST)!;
    expect(controlsIn(placeholder)).toHaveLength(0);

    post.querySelector('[role="group"]')!.replaceWith(tweet(11).querySelector('[role="group"]')!);
    placeholder.innerHTML = tweet(12).querySelector(POST)!.innerHTML;
    await settle();
    expect(controlsIn(post)).toHaveLength(1);
    expect(controlsIn(placeholder)).toHaveLength(1);
    await settle();
    expect(controlsIn(timelineRoot)).toHaveLength(2);
  });

  it('follows a save made from the popup or the context menu', async () => {
    start(fakeWorker().worker);
    timelineRoot.append(tweet(13));
    await settle();
    timeline!.follow({ state: 'saved', url: url(13) });
    expect(buttonOf(timelineRoot, 'Saved to Postkeeper')).toHaveTextContent('Saved');
  });
});
