import { describe, expect, it } from 'vitest';
import { postInTab, type TabAccess } from '../../../src-extension/background/tabSave';
import type { ExtractedPost } from '../../../src-extension/shared/extractedPost';
import type { ContentRequest } from '../../../src-extension/shared/messages';

// The popup's "Save this post" and the context menu: which post of a tab is saved, from the best reading there is.

const post = (fields: Partial<ExtractedPost>): ExtractedPost => ({
  platform: 'x',
  url: 'https://x.com/ada/status/1',
  authorName: 'Ada',
  authorHandle: '@ada',
  text: 'A post',
  postedAt: null,
  images: [],
  ...fields,
});

/** A tab whose content script (when `content` is given) and metadata reader answer as told; records what was asked. */
function tabs(opts: { content?: unknown; metadata?: unknown }) {
  const asked: ContentRequest[] = [];
  const access: TabAccess = {
    activeTab: async () => undefined,
    ask: async (_tabId, request) => {
      asked.push(request);
      if (!('content' in opts))
        throw new Error('Could not establish connection. Receiving end does not exist.');
      return opts.content;
    },
    readMetadata: async () => {
      if (!('metadata' in opts)) throw new Error('Cannot access contents of the page.');
      return opts.metadata;
    },
    showOutcome: async () => undefined,
  };
  return { access, asked };
}

describe('the post of a tab', () => {
  it("takes the content script's reading, naming the link the menu was opened on", async () => {
    const reply = post({ url: 'https://x.com/bo/status/2', replyToUrl: 'https://x.com/ada/status/1' });
    const { access, asked } = tabs({ content: reply, metadata: post({ platform: 'web' }) });
    const link = 'https://x.com/bo/status/2';
    expect(await postInTab(access, { id: 1, url: 'https://x.com/home' }, link)).toEqual(reply);
    expect(asked).toEqual([{ type: 'currentPost', linkUrl: link }]);
  });

  it("saves a right-clicked link as itself when no content script reads it, named by its site's platform", async () => {
    const { access } = tabs({ metadata: post({ platform: 'web', url: 'https://blog.example/page' }) });
    expect(
      await postInTab(
        access,
        { id: 1, url: 'https://blog.example/page' },
        'https://www.reddit.com/r/a/comments/1/x/',
      ),
    ).toMatchObject({ platform: 'reddit', url: 'https://www.reddit.com/r/a/comments/1/x/', text: '' });
    expect(await postInTab(access, { id: 1 }, 'https://news.example/story')).toMatchObject({
      platform: 'web',
      url: 'https://news.example/story',
    });
  });

  it("reads any other site's page from its metadata, in the tab", async () => {
    const article = post({
      platform: 'web',
      url: 'https://blog.example/post',
      title: 'Pricing pages',
      text: 'How we…',
    });
    const { access } = tabs({ metadata: article });
    expect(await postInTab(access, { id: 3, url: 'https://blog.example/post?utm=x', title: 'Blog' })).toEqual(
      article,
    );
  });

  it("falls back to the tab's address and title, and to nothing on the browser's own pages", async () => {
    const { access } = tabs({});
    expect(
      await postInTab(access, { id: 4, url: 'https://shop.example/item', title: 'A lamp' }),
    ).toMatchObject({
      platform: 'web',
      url: 'https://shop.example/item',
      title: 'A lamp',
    });
    expect(await postInTab(access, { id: 5, url: 'chrome://newtab/', title: 'New Tab' })).toBeNull();
  });

  it('ignores a malformed answer (no http(s) permalink) and reads on', async () => {
    const { access } = tabs({ content: { url: 'javascript:void 0', platform: 'x' }, metadata: null });
    expect(await postInTab(access, { id: 6, url: 'https://x.com/home', title: 'Home / X' })).toMatchObject({
      platform: 'x',
      url: 'https://x.com/home',
    });
  });
});
