import { PLANS, PRODUCT_NAME, SUPPORT_EMAIL } from '../../src/config';
import { LegalPage } from './LegalPage';

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead={`What ${PRODUCT_NAME} stores about you, why, and the choices you have.`}
    >
      <h2>Who we are</h2>
      <p>
        {PRODUCT_NAME} is a Chrome extension and web app for saving posts from X, LinkedIn, Reddit, Instagram
        and Pinterest. This policy covers the extension, this website and the account dashboard. Questions go
        to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Account data.</strong> If you create an account: your email address, display name, a hash of
          your password (never the password itself) or your Google account identifier if you sign in with
          Google, whether your email is verified, your plan and subscription status, and when you joined and
          last signed in.
        </li>
        <li>
          <strong>Saved posts.</strong> The posts you choose to save: their text, links, images, author names,
          the platform they came from, and the tags and categories you or our AI assign to them. We only save
          what you explicitly save.
        </li>
        <li>
          <strong>Usage data.</strong> How much storage your library uses, how many AI requests your account
          makes, and technical logs (IP address, browser type, time of request) that we keep to run the
          service, prevent abuse and fix problems.
        </li>
        <li>
          <strong>Payment data.</strong> Payments for {PLANS.premium.name} are handled by our payment
          provider. Your card details go straight to them; we never see or store them. We keep only a customer
          reference, your plan, subscription status and billing dates.
        </li>
        <li>
          <strong>Messages you send us.</strong> The name, email, message and optional screenshot you send
          through the contact or support form.
        </li>
      </ul>

      <h2>Cookies and local storage</h2>
      <p>
        We do not use advertising or tracking cookies on this website. When you sign in, the web app keeps
        your session token and a copy of your profile in your browser's local storage, so you stay signed in.
        Signing out removes them. The extension keeps its own settings and the time you last signed in in the
        extension's storage. On the Free plan, the extension may show ads; ad partners do not receive your
        saved posts.
      </p>

      <h2>How we use your data</h2>
      <ul>
        <li>To save, organise, search and sync your posts, and to suggest related posts.</li>
        <li>
          To run AI tagging and recommendations. Post text may be sent to an AI provider for processing;
          providers may not use it to train their models.
        </li>
        <li>To manage your account, plan and billing, and to answer your messages.</li>
        <li>To keep the service secure, enforce fair use and prevent abuse.</li>
      </ul>
      <p>We never sell your data.</p>

      <h2>How long we keep it</h2>
      <p>
        Account data and saved posts are kept while your account exists. On the Free plan, old posts may be
        removed when your storage is full; on {PLANS.premium.name}, posts are never deleted. When you delete
        your account we delete your data within 30 days, except records we must keep by law (such as
        invoices).
      </p>

      <h2>Your rights</h2>
      <p>
        You can access, correct, export or delete your data at any time. Email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will reply within 30 days. You can also
        use the extension without an account: then your posts stay in your browser.
      </p>

      <h2>Changes</h2>
      <p>
        If we change this policy, we update the date above and, for significant changes, tell account holders
        by email.
      </p>
    </LegalPage>
  );
}
