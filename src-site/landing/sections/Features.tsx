import { BookmarkIcon, ChartIcon, CompassIcon, SearchIcon, ShieldIcon, SparkIcon } from '../../ui/icons';
import { IconCardGrid, type IconCardItem, LandingSection } from './LandingSection';

const FEATURES: IconCardItem[] = [
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
    <LandingSection
      id="features"
      alt
      titleId="features-title"
      eyebrow="Features"
      title="Everything you need to keep what matters"
      lead="Built for people who learn from their feed and want to find it all again."
    >
      <IconCardGrid items={FEATURES} gridClass="pk-grid pk-grid--3" cardClass="pk-card" />
    </LandingSection>
  );
}
