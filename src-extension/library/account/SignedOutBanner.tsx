/** What a signed-out library says, word for word (issue 25): its saves are on this computer only. */
export const SIGNED_OUT_LEAD = 'Saved on this computer only.';
export const SIGNED_OUT_LINK = 'Sign in to keep them in your account';

/** Signed out: the banner, its second sentence a link to the web app's sign-in. */
export function SignedOutBanner({ webUrl }: { webUrl: string }) {
  return (
    <section className="lib-banner" aria-label="Saved on this computer">
      <p data-testid="signed-out-banner">
        {SIGNED_OUT_LEAD} <a href={`${webUrl}/login`}>{SIGNED_OUT_LINK}</a>
      </p>
    </section>
  );
}
