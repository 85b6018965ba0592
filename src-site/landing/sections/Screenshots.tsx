import { LandingSection } from './LandingSection';

const SHOTS = [
  {
    title: 'Saved Posts Dashboard',
    src: '/screens/saved-posts-dashboard.svg',
    alt: 'Saved posts from X, LinkedIn and Reddit laid out as cards with their tags',
    text: 'Every save from every platform, in one clean feed.',
  },
  {
    title: 'Smart Tag Filtering',
    src: '/screens/smart-tag-filtering.svg',
    alt: 'A tag sidebar with counts and a filtered list of posts tagged Growth',
    text: 'Pick a tag or two and the list narrows instantly.',
  },
  {
    title: 'Content Analytics',
    src: '/screens/content-analytics.svg',
    alt: 'Charts of saves per week, saves by platform and top tags',
    text: 'See your reading habits by week, platform and topic.',
  },
];

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
              <img src={s.src} width="960" height="600" alt={s.alt} loading="lazy" decoding="async" />
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
