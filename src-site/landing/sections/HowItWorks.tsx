import { LandingSection } from './LandingSection';

const STEPS = [
  {
    title: 'Add to Chrome',
    text: 'Install the extension in one click. No account, no sign-up, no credit card.',
  },
  {
    title: 'Save any post',
    text: 'Hit the Postkeeper button on any post on X, LinkedIn, Reddit, Instagram or Pinterest.',
  },
  {
    title: 'Find it later',
    text: 'Your posts arrive tagged and sorted. Search, filter and rediscover them whenever you need.',
  },
];

export function HowItWorks() {
  return (
    <LandingSection
      id="how-it-works"
      titleId="how-title"
      eyebrow="Three steps"
      title="How It Works"
      lead="From install to organised library in under a minute."
    >
      <ol className="pk-steps">
        {STEPS.map((s, i) => (
          <li key={s.title} className="pk-step">
            <span className="pk-step__num" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
