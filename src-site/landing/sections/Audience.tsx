import type { ComponentType } from 'react';
import { CapIcon, FlaskIcon, PenIcon, RocketIcon } from '../../ui/icons';

const AUDIENCE: { title: string; text: string; Icon: ComponentType }[] = [
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
    <section className="pk-section" aria-labelledby="audience-title">
      <div className="pk-container">
        <div className="pk-section__head">
          <p className="pk-eyebrow">Who it is for</p>
          <h2 id="audience-title">Made for people who learn in public</h2>
        </div>
        <ul className="pk-grid pk-grid--4">
          {AUDIENCE.map(({ title, text, Icon }) => (
            <li key={title} className="pk-card pk-card--audience">
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
