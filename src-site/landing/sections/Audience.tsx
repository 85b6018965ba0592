import { CapIcon, FlaskIcon, PenIcon, RocketIcon } from '../../ui/icons';
import { IconCardGrid, type IconCardItem, LandingSection } from './LandingSection';

const AUDIENCE: IconCardItem[] = [
  {
    title: 'Content creators',
    text: 'Build a swipe file of hooks, formats and ideas that perform, ready for your next post.',
    Icon: PenIcon,
  },
  {
    title: 'Founders',
    text: 'Keep market signals, competitor moves and hard-won advice from operators in one place.',
    Icon: RocketIcon,
  },
  {
    title: 'Researchers',
    text: 'Collect sources across platforms, tag them by topic and trace every quote back to its post.',
    Icon: FlaskIcon,
  },
  {
    title: 'Students',
    text: 'Save explainers, study threads and career tips, and find them again at exam time.',
    Icon: CapIcon,
  },
];

export function Audience() {
  return (
    <LandingSection
      titleId="audience-title"
      eyebrow="Who it is for"
      title="Made for people who learn in public"
    >
      <IconCardGrid items={AUDIENCE} gridClass="pk-grid pk-grid--4" cardClass="pk-card pk-card--audience" />
    </LandingSection>
  );
}
