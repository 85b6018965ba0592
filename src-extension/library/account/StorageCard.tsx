import type { StatusAnswer } from '../../shared/messages';
import { planName, savedPostsText, storagePercent, storageText } from '../../shared/accountText';

/**
 * The plan and its storage: used of the limit in the product's units (MB, or GB with two decimals), with a
 * meter; signed out, how many saves this browser keeps.
 */
export function StorageCard({ status, postCount }: { status: StatusAnswer; postCount: number }) {
  const account = status.account;
  if (!status.signedIn || !account)
    return (
      <section className="lib-side-card" aria-label="Storage">
        <h2>This browser</h2>
        <p className="pk-muted">{savedPostsText(postCount)} kept here.</p>
      </section>
    );
  const percent = storagePercent(account.storageUsed, account.storageLimit);
  return (
    <section className="lib-side-card" aria-label="Storage">
      <h2>
        Your plan{' '}
        <span className={`pk-badge${account.plan === 'premium' ? ' pk-badge--pro' : ''}`}>
          {planName(account.plan)}
        </span>
      </h2>
      <div
        className="pk-meter"
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="lib-side-card__figure">{storageText(account.storageUsed, account.storageLimit)} used</p>
    </section>
  );
}
