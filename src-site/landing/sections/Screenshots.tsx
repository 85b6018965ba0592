import { LandingSection } from './LandingSection';
import { screenImage } from './screenImage';

const SHOTS = [
  {
    title: 'Saved Posts Dashboard',
    image: screenImage('saved-posts-dashboard'),
    alt: 'Saved posts from X, LinkedIn and Reddit laid out as cards with their tags',
    text: 'Every save from every platform, in one clean feed.',
  },
  {
    title: 'Smart Tag Filtering',
    image: screenImage('smart-tag-filtering'),
    alt: 'A tag sidebar with counts and a filtered list of posts tagged Growth',
    text: 'Pick a tag or two and the list narrows instantly.',
  },
  {
    title: 'Content Analytics',
    image: screenImage('content-analytics'),
    alt: 'Charts of saves per week, saves by platform and top tags',
    text: 'See your reading habits by week, platform and topic.',
  },
];

// Three columns of the 1160 px container from 900 px on, else the container's width.
const SIZES = '(min-width: 900px) 360px, calc(100vw - 40px)';

export function Screenshots() {
  return (
    <LandingSection
      id="screenshots"
      alt
      titleId="shots-title"
      eyebrow="Take a look"
      title="See Postkeeper in action"
    >
      <ul className="pk-shots">
        {SHOTS.map((s) => (
          <li key={s.title}>
            <figure className="pk-shot">
              <img {...s.image} sizes={SIZES} alt={s.alt} loading="lazy" decoding="async" />
              <figcaption>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
