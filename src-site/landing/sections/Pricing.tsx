import { Link } from 'react-router-dom';
import { PLANS } from '../../../src/config';
import { AddToChromeButton } from '../../ui/AddToChromeButton';
import { CheckIcon } from '../../ui/icons';
import { LandingSection } from './LandingSection';

// Each plan lists its storage second, from the plan table (PlanOffer puts it there).
const FREE_ITEMS = ['Unlimited saves', 'Basic categorization', 'All social platforms', 'Ad-supported'];
const PRO_ITEMS = ['Ad-free', 'Posts never deleted', 'AI-powered recommendations', 'Priority support'];

type Plan = { price: string; storageLabel: string };

/** A plan's price line and what it includes. */
function PlanOffer({ plan, period, items }: { plan: Plan; period: string; items: string[] }) {
  const [first, ...rest] = items;
  return (
    <>
      <p className="pk-plan__price">
        <strong>{plan.price}</strong> <span>{period}</span>
      </p>
      <ul>
        {[first, `${plan.storageLabel} cloud storage`, ...rest].map((i) => (
          <li key={i}>
            <CheckIcon /> {i}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Pricing() {
  return (
    <LandingSection
      id="pricing"
      titleId="pricing-title"
      eyebrow="Pricing"
      title="Simple pricing. Start free."
      lead="Use the extension free forever, with no sign-up. Upgrade when you want more."
    >
      <div className="pk-pricing">
        <article className="pk-plan" aria-labelledby="plan-free">
          <h3 id="plan-free">{PLANS.free.name}</h3>
          <PlanOffer plan={PLANS.free} period="forever" items={FREE_ITEMS} />
          <AddToChromeButton />
        </article>
        <article className="pk-plan pk-plan--pro" aria-labelledby="plan-pro">
          <p className="pk-plan__badge">{PLANS.premium.trialDays}-day free trial</p>
          <h3 id="plan-pro">{PLANS.premium.name}</h3>
          <PlanOffer plan={PLANS.premium} period="per month" items={PRO_ITEMS} />
          <Link className="pk-btn pk-btn--primary" to="/upgrade">
            Start {PLANS.premium.trialDays}-day free trial
          </Link>
          <p className="pk-plan__fine">{PLANS.premium.trialDays}-day free trial · cancel anytime</p>
        </article>
      </div>
    </LandingSection>
  );
}
