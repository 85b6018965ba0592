import { PLANS, PRODUCT_NAME, SUPPORT_EMAIL } from '../../src/config';
import { LegalPage } from './LegalPage';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" lead={`The rules for using ${PRODUCT_NAME}, in plain language.`}>
      <h2>The service</h2>
      <p>
        {PRODUCT_NAME} lets you save posts from social platforms with a Chrome extension and organise them
        with tags, search, recommendations and analytics. You can use the extension without an account. An
        account adds cloud storage and lets you manage your plan.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password safe and your email address up to date. You are responsible for what happens in
        your account. You must be old enough to agree to these terms where you live.
      </p>

      <h2>Plans and billing</h2>
      <ul>
        <li>
          {PLANS.free.name} costs {PLANS.free.price}: unlimited saves, {PLANS.free.storageLabel} of cloud
          storage, basic categorization, all social platforms, and ads.
        </li>
        <li>
          {PLANS.premium.name} costs {PLANS.premium.price} per month: no ads, {PLANS.premium.storageLabel} of
          cloud storage, posts never deleted, AI-powered recommendations and priority support.
        </li>
        <li>
          {PLANS.premium.name} starts with a {PLANS.premium.trialDays}-day free trial. If you do not cancel
          before it ends, your subscription begins and renews monthly.
        </li>
        <li>
          You can cancel anytime from your settings. You keep {PLANS.premium.name} until the end of the period
          you paid for; we do not refund partial months unless the law requires it.
        </li>
        <li>Payments are processed by our payment provider under its own terms.</li>
      </ul>

      <h2>Your content</h2>
      <p>
        The posts you save belong to their authors and the platforms they come from. Save them for your own
        personal use, and respect the platforms' terms and the authors' rights. You give us only the
        permission we need to store, process and show your saved posts back to you.
      </p>

      <h2>Fair use</h2>
      <p>
        Do not use {PRODUCT_NAME} to break the law, to scrape platforms at scale, to overload our systems, or
        to abuse the AI features. We may flag, limit or close accounts that do.
      </p>

      <h2>Availability and liability</h2>
      <p>
        We work hard to keep {PRODUCT_NAME} running and your data safe, but the service is provided as is. As
        far as the law allows, we are not liable for indirect losses, and our total liability is limited to
        what you paid us in the last twelve months.
      </p>

      <h2>Ending</h2>
      <p>
        You can stop using {PRODUCT_NAME} and delete your account at any time. We will give notice before
        closing the service.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
