import { Link } from 'react-router-dom';
import { PLANS } from '../../../src/config';
import { AddToChromeButton } from '../../ui/AddToChromeButton';
import { CheckIcon } from '../../ui/icons';

const FREE_ITEMS = [
  'Unlimited saves',
  `${PLANS.free.storageLabel} cloud storage`,
  'Basic categorization',
  'All social platforms',
  'Ad-supported',
];
const PRO_ITEMS = [
  'Ad-free',
  `${PLANS.premium.storageLabel} cloud storage`,
  'Posts never deleted',
  'AI-powered recommendations',
  'Priority support',
];

export function Pricing() {
  return (
    <section id="pricing" className="pk-section" aria-labelledby="pricing-title">
      <div className="pk-container">
        <div className="pk-section__head">
          <p className="pk-eyebrow">Pricing</p>
          <h2 id="pricing-title">Simple pricing. Start free.</h2>
          <p>Use the extension free forever, with no sign-up. Upgrade when you want more.</p>
        </div>
        <div className="pk-pricing">
          <article className="pk-plan" aria-labelledby="plan-free">
            <h3 id="plan-free">{PLANS.free.name}</h3>
            <p className="pk-plan__price">
              <strong>{PLANS.free.price}</strong> <span>forever</span>
            </p>
            <ul>
              {FREE_ITEMS.map((i) => (
                <li key={i}>
                  <CheckIcon /> {i}
                </li>
              ))}
            </ul>
            <AddToChromeButton />
          </article>
          <article className="pk-plan pk-plan--pro" aria-labelledby="plan-pro">
            <p className="pk-plan__badge">{PLANS.premium.trialDays}-day free trial</p>
            <h3 id="plan-pro">{PLANS.premium.name}</h3>
            <p className="pk-plan__price">
              <strong>{PLANS.premium.price}</strong> <span>per month</span>
            </p>
            <ul>
              {PRO_ITEMS.map((i) => (
                <li key={i}>
                  <CheckIcon /> {i}
                </li>
              ))}
            </ul>
            <Link className="pk-btn pk-btn--primary" to="/upgrade">
              Start {PLANS.premium.trialDays}-day free trial
            </Link>
            <p className="pk-plan__fine">{PLANS.premium.trialDays}-day free trial · cancel anytime</p>
          </article>
        </div>
      </div>
    </section>
  );
}
