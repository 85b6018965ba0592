import type { ComponentType } from 'react';
import { BookmarkIcon, ChartIcon, CompassIcon, SearchIcon, ShieldIcon, SparkIcon } from '../../ui/icons';

const FEATURES: { title: string; text: string; Icon: ComponentType }[] = [
  {
    title: 'One-Click Saving',
    text: 'A save button right on every post. Text, images and links are captured in one click.',
    Icon: BookmarkIcon,
  },
  {
    title: 'AI-Powered Organization',
    text: 'Posts are auto-tagged and sorted into categories the moment you save them.',
    Icon: SparkIcon,
  },
  {
    title: 'Smart Search',
    text: 'Search by words, author, platform or tag, and filter down to the exact post in seconds.',
    Icon: SearchIcon,
  },
  {
    title: 'Smart Recommendations',
    text: 'Rediscover forgotten gems: related saves surface when they matter to what you are working on.',
    Icon: CompassIcon,
  },
  {
    title: 'Analytics & Insights',
    text: 'See what you save, from where and on which topics, and spot the themes in your reading.',
    Icon: ChartIcon,
  },
  {
    title: 'Privacy First',
    text: 'Your library is yours. We never sell your data, and you can export or delete it at any time.',
    Icon: ShieldIcon,
  },
];

export function Features() {
  return (
    <section id="features" className="pk-section pk-section--alt" aria-labelledby="features-title">
      <div className="pk-container">
        <div className="pk-section__head">
          <p className="pk-eyebrow">Features</p>
          <h2 id="features-title">Everything you need to keep what matters</h2>
          <p>Built for people who learn from their feed and want to find it all again.</p>
        </div>
        <ul className="pk-grid pk-grid--3">
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className="pk-card">
              <span className="pk-card__icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
