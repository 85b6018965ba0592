/**
 * The one ad slot of a Free account with ads on: a house ad for Pro, labelled "Ad" so it is never taken for the
 * library's own content. Pro accounts, accounts whose ads an operator turned off, and signed-out pages get none.
 */
export function HouseAd({ webUrl }: { webUrl: string }) {
  return (
    <section className="lib-ad" aria-label="Advertisement">
      <span className="lib-ad__label">Ad</span>
      <p className="lib-ad__title">Postkeeper Pro</p>
      <p className="lib-ad__text">
        10 GB of storage, AI tags, Ask your library and Rediscover. 7-day free trial.
      </p>
      <a className="pk-btn pk-btn--primary" href={`${webUrl}/upgrade`}>
        Try Pro
      </a>
    </section>
  );
}

/** Whether the slot shows: a signed-in Free account whose ads are on. */
export const showsAd = (account: { plan: string; showAds?: boolean } | undefined) =>
  Boolean(account && account.plan === 'free' && account.showAds);
