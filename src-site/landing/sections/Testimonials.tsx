import { LandingSection } from './LandingSection';

// Built and styled, but hidden until we have quotes from real users we may publish (docs/product.md#landing-page).
export const SHOW_TESTIMONIALS = false;

const QUOTES = [
  {
    quote: 'I finally stopped screenshotting threads. Everything I save is tagged and searchable.',
    who: 'Newsletter writer',
  },
  {
    quote: 'My competitor research lives in one place instead of five bookmark folders.',
    who: 'Startup founder',
  },
  {
    quote: 'Saving sources from Reddit and X for my thesis has never been this tidy.',
    who: 'Graduate student',
  },
];

export function Testimonials() {
  return (
    <LandingSection titleId="testimonials-title" eyebrow="Loved by savers" title="What people say">
      <ul className="pk-grid pk-grid--3">
        {QUOTES.map((q) => (
          <li key={q.who} className="pk-card">
            <blockquote>
              <p>“{q.quote}”</p>
            </blockquote>
            <p className="pk-card__meta">{q.who}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
