import type { ReactNode } from 'react';
import { PublicLayout } from './PublicLayout';
import './account.css';

/** The sign-in, register and password screens: one card on the public frame, under its title and subtitle. */
export function AuthCardLayout({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <div className="pk-account">
        <div className="pk-container">
          <div className="pk-auth-card">
            <h1>{title}</h1>
            <p className="pk-sub">{subtitle}</p>
            {children}
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
