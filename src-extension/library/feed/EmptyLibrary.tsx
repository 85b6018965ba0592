import { POST_PLATFORMS } from '../../../src/contract/platforms';
import { BookmarkIcon } from '../ui/icons';
import { PlatformIcon, platformLabel } from '../ui/PlatformIcon';

const SOCIAL = POST_PLATFORMS.filter((p) => p !== 'web');

/** No saved post yet: how to save the first one, on the five platforms or any page. */
export function EmptyLibrary() {
  return (
    <section className="lib-empty" aria-labelledby="empty-title">
      <BookmarkIcon />
      <h2 id="empty-title">No saved posts yet</h2>
      <p>
        Open a post on one of these sites and click <strong>Save</strong> under it. Anything else: right-click
        the page and choose “Save to Postkeeper”, or use the toolbar button.
      </p>
      <ul className="lib-empty__platforms" aria-label="Platforms you can save from">
        {SOCIAL.map((p) => (
          <li key={p}>
            <PlatformIcon platform={p} size={32} />
            <span>{platformLabel(p)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
