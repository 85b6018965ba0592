import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { premiumBadgeLabel } from '../../src/format/badge';
import { useSession } from '../../src/session/SessionProvider';
import { useOpenExtension } from '../ui/useOpenExtension';
import { BrandLink } from './BrandLink';

/** Dashboard header: logo, name, plan badge, email, and Settings / Extension / Logout. */
export function AccountHeader() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const openExtension = useOpenExtension();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  const badge = premiumBadgeLabel(user.plan, user.subscriptionStatus);
  return (
    <header className="pk-header">
      <div
        className="pk-container pk-header__inner"
        style={{ height: 'auto', minHeight: 64, flexWrap: 'wrap', padding: '10px 20px' }}
      >
        <BrandLink />
        <div className="pk-userbar">
          <div className="pk-who">
            <span>
              <strong>{user.displayName || user.name}</strong>{' '}
              {badge && (
                <span className="pk-badge" data-testid="plan-badge">
                  {badge}
                </span>
              )}
            </span>
            <small>{user.email}</small>
          </div>
          <nav aria-label="Account">
            <Link to="/dashboard/settings">Settings</Link>
            <button type="button" onClick={() => void openExtension()}>
              Extension
            </button>
            <button
              type="button"
              disabled={leaving}
              onClick={async () => {
                // Sign-in is shown once the server has ended the session (or failed to), never before.
                setLeaving(true);
                await logout();
                navigate('/dashboard/login', { replace: true });
              }}
            >
              Logout
            </button>
          </nav>
        </div>
      </div>
    </header>
  );
}
