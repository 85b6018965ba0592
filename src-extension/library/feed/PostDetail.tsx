import { formatDate, formatDateTime } from '../../../src/format/dates';
import type { LibraryPost } from '../../shared/messages';
import { Dialog } from '../ui/Dialog';
import { platformLabel } from '../ui/PlatformIcon';
import { authorName } from './PostCard';

/** A post in full: its whole text and every picture, with what the library knows of it. */
export function PostDetail({ post, onClose }: { post: LibraryPost; onClose(): void }) {
  const name = authorName(post);
  const images = post.images ?? [];
  return (
    <Dialog title={`${platformLabel(post.platform)} post by ${name}`} onClose={onClose} wide>
      <dl className="lib-detail__facts">
        <dt>Author</dt>
        <dd>{[post.author, post.authorHandle].filter(Boolean).join(' ') || 'Unknown'}</dd>
        <dt>Saved</dt>
        <dd>{formatDateTime(post.savedAt)}</dd>
        {post.postedAt && (
          <>
            <dt>Posted</dt>
            <dd>{formatDate(post.postedAt)}</dd>
          </>
        )}
        <dt>Category</dt>
        <dd>{post.category ?? 'None yet'}</dd>
        <dt>Tags</dt>
        <dd>{post.tags.length ? post.tags.join(', ') : 'None'}</dd>
      </dl>
      {post.title && <h3 className="lib-detail__title">{post.title}</h3>}
      {post.text && <p className="lib-detail__text">{post.text}</p>}
      {images.length > 0 && (
        <ul className="lib-detail__images" aria-label="Pictures">
          {images.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={`Picture ${i + 1} of ${images.length} from the post by ${name}`}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={post.url} target="_blank" rel="noopener noreferrer" data-autofocus>
          Open the original on {platformLabel(post.platform)}
        </a>
      </p>
    </Dialog>
  );
}
