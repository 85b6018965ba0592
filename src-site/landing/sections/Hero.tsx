import { AddToChromeButton } from '../../ui/AddToChromeButton';
import { CheckIcon } from '../../ui/icons';
import { screenImage } from './screenImage';

const PLATFORMS = ['X', 'LinkedIn', 'Reddit', 'Instagram', 'Pinterest'];

export function Hero() {
  return (
    <section className="pk-hero" aria-labelledby="hero-title">
      <div className="pk-container pk-hero__grid">
        <div className="pk-hero__copy">
          <p className="pk-eyebrow">Your second brain for social posts</p>
          <h1 id="hero-title">Save the posts worth keeping. Find them in seconds.</h1>
          <p className="pk-hero__lead">
            Postkeeper saves any post from X, LinkedIn, Reddit, Instagram and Pinterest in one click. AI tags
            and sorts everything for you, so the thread you loved last month is one search away.
          </p>
          <div className="pk-hero__actions">
            <AddToChromeButton size="lg" />
            <a className="pk-btn pk-btn--ghost pk-btn--lg" href="#how-it-works">
              See how it works
            </a>
          </div>
          <ul className="pk-hero__notes">
            <li>
              <CheckIcon /> No sign-up needed to use the extension
            </li>
            <li>
              <CheckIcon /> Free forever plan
            </li>
          </ul>
          <p className="pk-hero__platforms">
            <span>Works with</span>
            {PLATFORMS.map((p) => (
              <span key={p} className="pk-chip">
                {p}
              </span>
            ))}
          </p>
        </div>
        <div className="pk-hero__visual">
          <img
            {...screenImage('saved-posts-dashboard')}
            // Beside the copy from 980 px on (half the container), else the container's width.
            sizes="(min-width: 980px) 540px, calc(100vw - 32px)"
            alt="The Postkeeper dashboard showing saved posts from several platforms, sorted into tagged collections"
            // Lazy, not fetched first: on a phone it sits below the fold, and fetched eagerly its bytes slowed
            // the first paint (Lighthouse mobile: FCP 1.8 s lazy against 2.1 to 2.5 s eager with high priority).
            // On a desktop it is in view at the first layout, so Chrome fetches it at once all the same.
            loading="lazy"
            decoding="async"
          />
        </div>
      </div>
    </section>
  );
}
