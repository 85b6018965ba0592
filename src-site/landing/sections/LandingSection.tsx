import type { ComponentType, ReactNode } from 'react';

/** The frame every landing section shares: an eyebrow, a titled heading the section is labelled by, an optional lead. */
export function LandingSection({
  id,
  alt = false,
  titleId,
  eyebrow,
  title,
  lead,
  children,
}: {
  id?: string;
  alt?: boolean;
  titleId: string;
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? 'pk-section pk-section--alt' : 'pk-section'} aria-labelledby={titleId}>
      <div className="pk-container">
        <div className="pk-section__head">
          <p className="pk-eyebrow">{eyebrow}</p>
          <h2 id={titleId}>{title}</h2>
          {lead && <p>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export type IconCardItem = { title: string; text: string; Icon: ComponentType };

/** A grid of icon cards (features, audiences). */
export function IconCardGrid({
  items,
  gridClass,
  cardClass,
}: {
  items: IconCardItem[];
  gridClass: string;
  cardClass: string;
}) {
  return (
    <ul className={gridClass}>
      {items.map(({ title, text, Icon }) => (
        <li key={title} className={cardClass}>
          <span className="pk-card__icon">
            <Icon />
          </span>
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
