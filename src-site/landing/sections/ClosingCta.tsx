import { AddToChromeButton } from '../../ui/AddToChromeButton';

export function ClosingCta() {
  return (
    <section className="pk-cta" aria-labelledby="cta-title">
      <div className="pk-container pk-cta__inner">
        <h2 id="cta-title">Stop losing the posts that matter</h2>
        <p>Install Postkeeper and save your first post in under a minute. Free, and no sign-up needed.</p>
        <AddToChromeButton size="lg" />
      </div>
    </section>
  );
}
