import type { ReactNode } from 'react';
import { PublicLayout } from '../layout/PublicLayout';

export const LEGAL_LAST_UPDATED = 'November 1, 2026';

/** Shared frame of the two policy pages: title, last-updated line, then the policy text. */
export function LegalPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <article className="pk-page">
        <div className="pk-container">
          <header className="pk-page__head">
            <p className="pk-page__eyebrow">Legal</p>
            <h1>{title}</h1>
            <p className="pk-page__lead">{lead}</p>
            <p className="pk-page__lead">
              <small>Last updated: {LEGAL_LAST_UPDATED}</small>
            </p>
          </header>
          <div className="pk-prose">{children}</div>
        </div>
      </article>
    </PublicLayout>
  );
}
