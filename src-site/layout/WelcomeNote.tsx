import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../src/config';

export const WELCOME_TEXT = `Welcome to ${PRODUCT_NAME}! Get started with our free plan or upgrade to Premium for unlimited saves and AI features.`;

/**
 * The note a new account sees after registering, on whatever page the sign-up sends it to: the dashboard, its
 * settings, or a public page such as /upgrade. The sign-up passes `welcome` in the navigation state.
 * `band` frames it for the public pages, whose content has no container of its own around it.
 */
export function WelcomeNote({ band = false }: { band?: boolean }) {
  const location = useLocation();
  const welcome = (location.state as { welcome?: unknown } | null)?.welcome === true;
  // On public pages, shown after mount only: the pre-rendered landing page never has it, so hydration stays
  // exact. Account pages are never pre-rendered and show it with their first render.
  const [mounted, setMounted] = useState(!band);
  useEffect(() => setMounted(true), []);
  if (!welcome || !mounted) return null;
  const note = (
    <p className="pk-welcome" role="status">
      {WELCOME_TEXT}
    </p>
  );
  return band ? (
    <div className="pk-welcome-band">
      <div className="pk-container">{note}</div>
    </div>
  ) : (
    note
  );
}
