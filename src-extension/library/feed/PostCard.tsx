import { memo, useState } from 'react';
import { formatDate } from '../../../src/format/dates';
import type { LibraryPost } from '../../shared/messages';
import { Highlight } from '../search/Highlight';
import { LinkIcon, PenIcon, TrashIcon } from '../ui/icons';
import { PlatformIcon, platformLabel } from '../ui/PlatformIcon';

/** Past this many characters (or lines) the text is cut, with "more" to read it all. */
const LONG_TEXT = 280;
const LONG_LINES = 4;

export interface CardActions {
  onOpen(post: LibraryPost): void;
  onEditTags(post: LibraryPost): void;
  onDelete(post: LibraryPost): void;
  onSelect(post: LibraryPost, selected: boolean): void;
}

interface PostCardProps extends CardActions {
  post: LibraryPost;
  terms: readonly string[];
  selected: boolean;
  current: boolean;
}

export const authorName = (p: LibraryPost) => p.author || p.authorHandle || platformLabel(p.platform);

/**
 * One saved post in the feed: platform, author, the text (cut, with "more"), the first picture, tags, category,
 * when it was saved, and a link to the original; the search's matched words are marked.
 */
export const PostCard = memo(function PostCard(props: PostCardProps) {
  const { post, terms, selected, current } = props;
  const [expanded, setExpanded] = useState(false);
  const long = post.text.length > LONG_TEXT || post.text.split('\n').length > LONG_LINES;
  const name = authorName(post);
  const image = post.images?.[0];
  return (
    <article
      className={`lib-card${current ? ' lib-card--current' : ''}${selected ? ' lib-card--selected' : ''}`}
      aria-label={`${platformLabel(post.platform)} post by ${name}`}
      tabIndex={-1}
      data-url={post.url}
    >
      <header className="lib-card__head">
        <input
          type="checkbox"
          className="lib-card__select"
          checked={selected}
          onChange={(e) => props.onSelect(post, e.target.checked)}
          aria-label={`Select post by ${name}`}
        />
        <PlatformIcon platform={post.platform} />
        <div className="lib-card__who">
          <span className="lib-card__author">
            <Highlight text={post.author || post.authorHandle || name} terms={terms} />
          </span>
          {post.author && post.authorHandle && (
            <span className="lib-card__handle">
              <Highlight text={post.authorHandle} terms={terms} />
            </span>
          )}
        </div>
        <span className="lib-card__date">
          Saved <time dateTime={post.savedAt}>{formatDate(post.savedAt)}</time>
        </span>
      </header>
      {post.state === 'pending' && <p className="lib-card__pending">Waiting to be sent</p>}
      {post.title && (
        <h2 className="lib-card__title">
          <Highlight text={post.title} terms={terms} />
        </h2>
      )}
      {post.text && (
        <p className={`lib-card__text${long && !expanded ? ' lib-card__text--cut' : ''}`}>
          <Highlight text={post.text} terms={terms} />
        </p>
      )}
      {long && (
        <button
          type="button"
          className="lib-link-btn"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'less' : 'more'}
        </button>
      )}
      {image && (
        <button type="button" className="lib-card__image" onClick={() => props.onOpen(post)}>
          <img src={image} alt={`Picture from the post by ${name}`} loading="lazy" decoding="async" />
        </button>
      )}
      <div className="lib-card__tags">
        {post.tags.map((tag) => (
          <span key={tag} className="pk-badge">
            <Highlight text={tag} terms={terms} />
          </span>
        ))}
        {post.category && <span className="lib-card__category">{post.category}</span>}
      </div>
      <footer className="lib-card__actions">
        <button type="button" className="lib-text-btn" onClick={() => props.onOpen(post)}>
          Details
        </button>
        <button type="button" className="lib-text-btn" onClick={() => props.onEditTags(post)}>
          <PenIcon /> Edit tags
        </button>
        <button type="button" className="lib-text-btn" onClick={() => props.onDelete(post)}>
          <TrashIcon /> Delete
        </button>
        <a className="lib-text-btn lib-card__open" href={post.url} target="_blank" rel="noopener noreferrer">
          <LinkIcon /> Open original
        </a>
      </footer>
    </article>
  );
});
