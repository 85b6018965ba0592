import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../src/contract/ai';
import { localCategory } from '../../../src-extension/background/localCategory';
import type { ExtractedPost } from '../../../src-extension/shared/extractedPost';

// The category a save kept in the browser (signed out) gets, from its text and title alone.

const post = (text: string, extra: Partial<ExtractedPost> = {}): ExtractedPost => ({
  platform: 'x',
  url: 'https://x.com/someone/status/1',
  authorName: 'Someone',
  authorHandle: '@someone',
  text,
  postedAt: null,
  images: [],
  ...extra,
});

describe('localCategory', () => {
  it.each([
    [
      'technology',
      'Just shipped v2 of our TypeScript SDK 🚀 Types generated from the OpenAPI spec, zero runtime deps, and it ' +
        'runs in Deno and Bun too. Changelog on GitHub.',
    ],
    [
      'career',
      "I'm happy to share that I'm starting a new position as Senior Product Manager at Acme! Six months of " +
        'interviews, two offers, one very patient recruiter. Thank you to everyone who referred me.',
    ],
    [
      'finance',
      'Is it worth maxing out my 401k before paying off $8k of credit card debt? 28, $62k salary, no emergency ' +
        'fund yet. r/personalfinance please be gentle',
    ],
    [
      'food',
      'Sunday pasta night 🍝 Recipe in bio: garlic, chili, lemon zest and way too much parmesan. #weeknight',
    ],
    [
      'sports',
      'Post Match Thread: Arsenal 2-1 Chelsea | Premier League. What a finish from Saka in the 89th minute.',
    ],
    ['politics', 'The Senate passed the bill 52-48 late last night; it now goes to the President’s desk.'],
    [
      'travel',
      'Two weeks in Japan: my full itinerary, JR Pass tips, and the one ryokan in Hakone worth the splurge.',
    ],
    [
      'marketing',
      'Our newsletter went from 2k to 20k subscribers in a year. Here is the SEO and content strategy that did it, ' +
        'and the campaigns that flopped.',
    ],
    [
      'health',
      'What actually moved my fitness this year: zone 2 cardio three times a week, 8 hours of sleep, and strength ' +
        'training on Mondays.',
    ],
    [
      'entertainment',
      'The new season of Severance is the best thing on TV right now. That finale! Not a single wasted episode.',
    ],
    [
      'education',
      'Free course: Stanford’s CS229 lectures are all online, with the homework and the exam solutions. Bookmark it.',
    ],
    [
      'news',
      'BREAKING: magnitude 6.1 earthquake reported off the coast; no tsunami warning has been announced yet.',
    ],
    [
      'business',
      'We raised a $4M seed round to help founders run pricing experiments. Huge thanks to our investors.',
    ],
    [
      'design',
      'Redid our logo and typography in Figma this week. New palette: ink, paper, and one loud orange.',
    ],
    [
      'science',
      'The James Webb telescope found water vapour in the atmosphere of a rocky exoplanet, researchers said today.',
    ],
    [
      'lifestyle',
      'Cozy Scandinavian living room decor ideas: oak, linen and plants everywhere. Saving for the new flat.',
    ],
    ['humor', 'me when the standup could have been an email 😂😂'],
  ] as const)('reads a %s post as %s', (category, text) => {
    expect(localCategory(post(text))).toBe(category);
  });

  it('answers other when nothing matches, or there is no text', () => {
    expect(localCategory(post('gm ☀️'))).toBe('other');
    expect(localCategory(post(''))).toBe('other');
    expect(localCategory(post('Look at this 👀'))).toBe('other');
  });

  it('matches whole words and phrases, not letters inside other words', () => {
    // "said" holds "ai" and "catch" is no "match"; "learning" beside "machine" is the technology phrase.
    expect(localCategory(post('She said the painting was done by Friday.'))).toBe('other');
    expect(localCategory(post('Did you catch that?'))).toBe('other');
    expect(localCategory(post('Learning Rust with machine learning folks'))).toBe('technology');
  });

  it('reads hashtags, capitals and accents', () => {
    expect(localCategory(post('#RECIPE #Sourdough'))).toBe('food');
    expect(localCategory(post('Mon CV et mon Résumé, enfin à jour'))).toBe('career');
    expect(localCategory(post('Low-cost index funds beat stock pickers again'))).toBe('finance');
  });

  it('weighs a link’s title over its page text', () => {
    const link = post('Subscribe to our newsletter for more.', {
      platform: 'web',
      url: 'https://example.org/baking/sourdough-starter',
      title: 'How to keep a sourdough starter alive: a baking guide',
    });
    expect(localCategory(link)).toBe('food');
  });

  it('always answers one of the product’s categories, also for a very long post', () => {
    const long = `${'Thread on kubernetes and docker. '.repeat(3000)}`;
    expect(long.length).toBeGreaterThan(50_000);
    const category = localCategory(post(long));
    expect(category).toBe('technology');
    expect(CATEGORIES).toContain(category);
  });
});
