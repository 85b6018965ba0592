import { PublicLayout } from '../layout/PublicLayout';
import { Audience } from './sections/Audience';
import { ClosingCta } from './sections/ClosingCta';
import { Features } from './sections/Features';
import { FounderStory } from './sections/FounderStory';
import { Hero } from './sections/Hero';
import { HowItWorks } from './sections/HowItWorks';
import { Pricing } from './sections/Pricing';
import { Screenshots } from './sections/Screenshots';
import { SHOW_TESTIMONIALS, Testimonials } from './sections/Testimonials';
import { useAdminRedirect } from './useAdminRedirect';
import './landing.css';
import './landingShowcase.css';

/** `/`: the ten sections of docs/product.md#landing-page in order (header and footer come from the layout). Pre-rendered at build time. */
export function LandingPage() {
  useAdminRedirect();
  return (
    <PublicLayout>
      <Hero />
      <FounderStory />
      <HowItWorks />
      <Features />
      <Audience />
      <Screenshots />
      {SHOW_TESTIMONIALS && <Testimonials />}
      <Pricing />
      <ClosingCta />
    </PublicLayout>
  );
}
