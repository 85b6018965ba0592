import type { ReactNode } from 'react';

/** A titled card of the account pages; the section is named by its heading. */
export function Card({
  titleId,
  title,
  busy = false,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** Still loading: assistive technology waits before reading it. */
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="pk-card" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
