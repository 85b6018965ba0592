import { describe, expect, it } from 'vitest';
import { currentPost } from '../../src-extension/content/currentPost';
import { xReader } from '../../src-extension/content/platforms/x';
import { loadPlatformPage } from '../unit/extension/platformPage';

// What the popup's "Save this post" and the context menu save from a tab (the worker asks the tab's content
// script, `currentPost`): the post the user pointed at, else the page's own post, else the page as a link.

const status = (handle: string, id: string) => `https://x.com/${handle}/status/${id}`;

describe("the tab's current post", () => {
  it("on a post's page: the page's own post, not the replies around it", () => {
    const page = loadPlatformPage('x/status.html');
    expect(currentPost(xReader, page)).toMatchObject({
      url: status('ada', '1790000000000000001'),
      authorName: 'Ada Lovelace',
    });
  });

  it('from the context menu: the post whose link was right-clicked, or the post holding it', () => {
    const page = loadPlatformPage('x/status.html');
    const reply = status('grace', '1790000000000000301');
    expect(currentPost(xReader, page, { linkUrl: reply })).toMatchObject({ url: reply });
    // A link inside the post that answers (its author's profile) names that post.
    expect(currentPost(xReader, page, { linkUrl: 'https://x.com/cbabbage' })).toMatchObject({
      url: status('cbabbage', '1789999999999999001'),
    });
  });

  it('from the context menu on a post’s text: the post right-clicked', () => {
    const page = loadPlatformPage('x/home.html');
    const posts = xReader.findPosts(page.document, page);
    const text = posts[1].querySelector('[data-testid="tweetText"]')!;
    expect(currentPost(xReader, page, { clicked: text })).toMatchObject({
      url: status('ada', '1789000000000000102'),
    });
  });

  it('on a page whose markup the reader does not know: the page, from its metadata', () => {
    const page = loadPlatformPage('x/unknown.html');
    expect(xReader.findPosts(page.document, page)).toEqual([]);
    expect(currentPost(xReader, page)).toMatchObject({
      platform: 'x',
      url: status('grace', '1790000000000000500'),
    });
  });
});
