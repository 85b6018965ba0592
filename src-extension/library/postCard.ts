import { formatDate } from '../../src/format/dates';
import { PLATFORM_LABELS } from '../../src/contract/platforms';
import type { LibraryPost } from '../shared/messages';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** One saved post in the library's list. Text only: nothing from a post is ever read as HTML. */
export function postCard(post: LibraryPost): HTMLLIElement {
  const item = el('li', 'lib-post');
  item.dataset.platform = post.platform;

  const meta = el('p', 'lib-post__meta');
  meta.append(el('span', 'lib-post__platform', PLATFORM_LABELS[post.platform] ?? post.platform));
  const who = [post.author, post.authorHandle].filter(Boolean).join(' ');
  if (who) meta.append(el('span', 'lib-post__author', who));
  meta.append(el('span', 'pk-muted', `Saved ${formatDate(post.savedAt)}`));
  if (post.state === 'pending') meta.append(el('span', 'lib-post__pending', 'Waiting to be sent'));
  item.append(meta);

  if (post.title) item.append(el('h2', 'lib-post__title', post.title));
  if (post.text) item.append(el('p', 'lib-post__text', post.text));

  const foot = el('div', 'lib-post__foot');
  for (const tag of post.tags) foot.append(el('span', 'pk-badge', tag));
  if (post.category) foot.append(el('span', 'lib-post__category', post.category));
  const link = el('a', 'lib-post__link', 'Open post');
  link.href = post.url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  foot.append(link);
  item.append(foot);
  return item;
}
