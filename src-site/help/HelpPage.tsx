import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EXTENSION_STORE_URL, PLANS, PRODUCT_NAME, SUPPORT_EMAIL } from '../../src/config';
import { ContactModal } from '../ui/ContactModal';
import { PublicLayout } from '../layout/PublicLayout';
import './help.css';

interface Faq {
  q: string;
  a: React.ReactNode;
}

const { free, premium } = PLANS;

const TOPICS: { title: string; items: Faq[] }[] = [
  {
    title: 'Install',
    items: [
      {
        q: `How do I install ${PRODUCT_NAME}?`,
        a: (
          <>
            Open the{' '}
            <a href={EXTENSION_STORE_URL} target="_blank" rel="noopener">
              Chrome Web Store listing
            </a>
            , click Add to Chrome and confirm. The {PRODUCT_NAME} icon appears in your toolbar; pin it for
            quick access.
          </>
        ),
      },
      {
        q: 'Do I need an account?',
        a: (
          <>
            No. The extension works without sign-up. An account adds cloud storage, lets you use your library
            on several computers and manage your plan.
          </>
        ),
      },
      {
        q: 'Which browsers are supported?',
        a: <>Google Chrome and other Chromium browsers that install extensions from the Chrome Web Store.</>,
      },
    ],
  },
  {
    title: 'Saving',
    items: [
      {
        q: 'How do I save a post?',
        a: (
          <>
            On X, LinkedIn, Reddit, Instagram or Pinterest, click the {PRODUCT_NAME} button on a post. Its
            text, links, images and author are saved, and AI adds tags and a category.
          </>
        ),
      },
      {
        q: 'Where do my saved posts go?',
        a: (
          <>
            Click the toolbar icon and open the dashboard to browse, search and filter by tag or platform.
            From your <Link to="/dashboard">account dashboard</Link>, the Extension link opens it too.
          </>
        ),
      },
    ],
  },
  {
    title: 'Plans',
    items: [
      {
        q: 'What does the Free plan include?',
        a: (
          <>
            {free.name} costs {free.price}: unlimited saves, {free.storageLabel} cloud storage, basic
            categorization and all social platforms. It is ad-supported.
          </>
        ),
      },
      {
        q: `What does ${premium.name} add?`,
        a: (
          <>
            {premium.name} is {premium.price} per month: ad-free, {premium.storageLabel} cloud storage, posts
            never deleted, AI-powered recommendations and priority support. It starts with a{' '}
            {premium.trialDays}-day free trial, and you can cancel anytime.
          </>
        ),
      },
    ],
  },
  {
    title: 'Billing',
    items: [
      {
        q: 'How do I upgrade?',
        a: (
          <>
            Sign in, open <Link to="/upgrade">Upgrade</Link> and start your {premium.trialDays}-day free
            trial. You are charged only when the trial ends.
          </>
        ),
      },
      {
        q: 'How do I cancel or change my card?',
        a: (
          <>
            Go to <Link to="/dashboard/settings">Settings</Link>, Billing and Subscription. Cancel
            Subscription keeps {premium.name} until the end of the paid period; Manage Subscription lets you
            update your card and download invoices.
          </>
        ),
      },
    ],
  },
  {
    title: 'Data',
    items: [
      {
        q: 'Who can see my saved posts?',
        a: (
          <>
            Only you. We never sell your data. Read the <Link to="/privacy">Privacy Policy</Link> for exactly
            what we store.
          </>
        ),
      },
      {
        q: 'Can I export or delete my data?',
        a: (
          <>
            Yes. Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will send an export or
            delete your account and posts.
          </>
        ),
      },
    ],
  },
];

/** `/help`: the FAQ, grouped by topic, with the two contact entry points at the end. */
export function HelpPage() {
  const [variant, setVariant] = useState<'contact' | 'support' | null>(null);
  return (
    <PublicLayout>
      <section className="pk-page">
        <div className="pk-container">
          <header className="pk-page__head">
            <p className="pk-page__eyebrow">Help center</p>
            <h1>How can we help?</h1>
            <p className="pk-page__lead">
              Answers to common questions about installing, saving, plans, billing and your data.
            </p>
          </header>
          <div className="pk-prose">
            {TOPICS.map((t) => (
              <section key={t.title} className="pk-faq" aria-labelledby={`faq-${t.title}`}>
                <h2 id={`faq-${t.title}`}>{t.title}</h2>
                {t.items.map((f) => (
                  <details key={f.q} className="pk-faq__item">
                    <summary>{f.q}</summary>
                    <p>{f.a}</p>
                  </details>
                ))}
              </section>
            ))}
            <section className="pk-help-contact" aria-labelledby="faq-contact">
              <h2 id="faq-contact">Still need help?</h2>
              <p>Send us a message and we will get back to you, usually within one business day.</p>
              <div className="pk-help-contact__actions">
                <button
                  type="button"
                  className="pk-btn pk-btn--primary"
                  onClick={() => setVariant('support')}
                >
                  Contact Support
                </button>
                <button type="button" className="pk-btn pk-btn--ghost" onClick={() => setVariant('contact')}>
                  Get in Touch
                </button>
              </div>
              <p className="pk-help-contact__mail">
                Or email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
              </p>
            </section>
          </div>
        </div>
      </section>
      <ContactModal variant={variant ?? 'support'} open={variant !== null} onClose={() => setVariant(null)} />
    </PublicLayout>
  );
}
