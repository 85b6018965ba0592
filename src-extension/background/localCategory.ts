import { CATEGORIES, type Category } from '../../src/contract/categories';

/**
 * The basic, local categorization of a save kept in this browser (signed out: no account, no AI). Keyword rules
 * map a post's title and text to one of the product's categories (CATEGORIES in src/contract/ai.ts, the list the
 * AI answers from too), `other` when nothing matches. It runs in the service worker on every local save, so it is
 * a few set look-ups per word, nothing more.
 */

type Ruled = Exclude<Category, 'other'>;

/**
 * Words and phrases that point to each category, lower case, separated by spaces. A word matches a whole word of
 * the post (so "ai" never matches "said"); `stem*` matches any word that starts with the stem; words joined by `_`
 * match those words in a row. A post's hashtags are words too ("#recipe" is "recipe").
 */
const RULES: Record<Ruled, string> = {
  technology:
    'software developer* programming programmer* code coding javascript typescript python rust golang ' +
    'java api apis sdk database* kubernetes docker cloud devops ai llm llms gpt chatgpt openai ' +
    'machine_learning deep_learning neural open_source github frontend backend tech compiler* kernel ' +
    'linux cybersecurity algorithm* iphone android gadget* semiconductor* robot* engineering ' +
    'engineer* saas browser* server* app apps',
  business:
    'business startup* founder* ceo revenue b2b fundrais* investor* venture vc seed_round series_a ' +
    'ipo acquisition acquired customers pricing strategy entrepreneur* management company companies ' +
    'sales profit* market_share bootstrap* arr mrr',
  career:
    'career* hiring hired job jobs resume résumé cv interview* promotion promoted salary salaries ' +
    'layoff* laid_off recruiter* internship* open_to_work new_position new_role job_search ' +
    'remote_work mentor* manager colleagues workplace onboarding negotiat*',
  marketing:
    'marketing marketer* seo brand branding campaign* newsletter* subscribers copywriting ' +
    'content_strategy conversion* advertising ads growth_hacking engagement social_media influencer* ' +
    'funnel* landing_page* go-to-market audience positioning',
  design:
    'design designs designer* designing ux ui typography typeface* font fonts figma logo logos ' +
    'color_palette colour_palette palette illustration* illustrator mood_board moodboard graphic* ' +
    'wireframe* prototype* visual_identity portfolio_review',
  science:
    'science scientist* scientific researchers physics chemistry biology astronomy nasa telescope ' +
    'quantum climate evolution genome dna experiment* peer-reviewed neuroscience species fossil* ' +
    'exoplanet* planet* galaxy galaxies molecule* particle* study_finds researchers_found ' +
    'journal_nature',
  health:
    'health healthy fitness workout* exercise gym sleep nutrition diet mental_health therapy ' +
    'therapist anxiety depression meditation doctor* medical medicine vaccine* yoga calories cardio ' +
    'strength_training symptom* wellbeing well-being burnout',
  finance:
    'finance financial invest investing investment* stock stocks etf etfs index_fund* budget* savings ' +
    'retirement 401k ira pension* mortgage* inflation interest_rate* crypto* bitcoin ethereum tax ' +
    'taxes dividend* debt credit_card* personal_finance money net_worth emergency_fund ' +
    'compound_interest bonds',
  education:
    'education learn learning course courses tutorial* student* teacher* teaching school* university ' +
    'college exam exams study studying homework lecture* curriculum textbook* reading_list classroom ' +
    'lesson* study_plan flashcards',
  news:
    'news breaking breaking_news headline* journalist* reported reports announced press_release ' +
    'developing_story according_to_officials earthquake wildfire* hurricane',
  politics:
    'politics political election* vote voting voters senate senator* congress parliament president ' +
    'government democrat* republican* minister legislation the_bill supreme_court policy geopolitic* ' +
    'diplomat* sanctions',
  entertainment:
    'movie* film films cinema tv series netflix hbo music album* song* concert* trailer* celebrit* ' +
    'actor* actress* episode* finale anime gaming video_game* podcast* novel* spotify oscars grammys ' +
    'box_office playlist* streaming',
  sports:
    'sport sports football soccer nba nfl mlb nhl basketball tennis golf cricket baseball hockey f1 ' +
    'formula_1 olympic* world_cup match league championship* playoff* marathon athlete* ' +
    'premier_league champions_league tournament* transfer_window match_thread goalkeeper quarterback',
  travel:
    'travel* trip trips flight* airport* hotel* itinerary vacation* holiday* backpack* destination* ' +
    'passport beach* tourist* road_trip airbnb city_guide hostel* ryokan sightseeing layover jet_lag',
  food:
    'food foodie recipe* cooking cook bake baking baked kitchen dinner lunch breakfast brunch meal* ' +
    'restaurant* vegan vegetarian pasta bread dessert* coffee chef* delicious ingredients weeknight ' +
    'sourdough pizza soup salad cake',
  lifestyle:
    'lifestyle home_decor decor living_room bedroom interior* fashion outfit* self-care self_care ' +
    'minimalism minimalist productivity habit habits morning_routine routine parenting relationship* ' +
    'wedding* garden gardening skincare beauty cozy workspace',
  humor:
    'lol lmao lmfao rofl funny joke jokes meme memes humor humour hilarious comedy shitpost* me_when ' +
    'pun puns',
};

/** Emoji that mean a joke; words are split on everything else, so these are looked for in the raw text. */
const LAUGHS = ['😂', '🤣', '😆', '💀'];

/** A title says more about a link than a line of its text does. */
const TITLE_WEIGHT = 2;

/** Enough text to tell a topic; a 50,000-character post costs no more than this. */
const MAX_CHARS = 5000;

interface Rule {
  category: Ruled;
  /** One word, a stem (a word's start), or words in a row (the last may be a stem). */
  kind: 'word' | 'stem' | 'phrase';
  value: string;
}

const ALL_RULES: Rule[] = (Object.entries(RULES) as [Ruled, string][]).flatMap(([category, keys]) =>
  keys.split(/\s+/).map((key): Rule => {
    const stem = key.endsWith('*');
    const words = wordsOf(key.replaceAll('_', ' '));
    // A phrase is looked for in the post's words joined by single spaces; one ending in a stem has no space after.
    if (words.length > 1) return { category, kind: 'phrase', value: ` ${words.join(' ')}${stem ? '' : ' '}` };
    return stem ? { category, kind: 'stem', value: words[0] } : { category, kind: 'word', value: words[0] };
  }),
);
const WORD_RULES = new Map<string, Rule[]>();
for (const rule of ALL_RULES.filter((r) => r.kind === 'word'))
  WORD_RULES.set(rule.value, [...(WORD_RULES.get(rule.value) ?? []), rule]);
const OTHER_RULES = ALL_RULES.filter((r) => r.kind !== 'word');

/** Lower-case words of any script (letters, digits, and the apostrophes and hyphens inside a word). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** How strongly a text points to each category: one point per rule it matches, whatever the repeats. */
function scoreInto(scores: Map<Ruled, number>, text: string, weight: number): void {
  const words = wordsOf(text.slice(0, MAX_CHARS));
  if (!words.length) return;
  const matched = new Set<Rule>();
  const distinct = [...new Set(words)];
  for (const word of distinct) for (const rule of WORD_RULES.get(word) ?? []) matched.add(rule);
  const line = ` ${words.join(' ')} `;
  for (const rule of OTHER_RULES) {
    const hit =
      rule.kind === 'phrase' ? line.includes(rule.value) : distinct.some((w) => w.startsWith(rule.value));
    if (hit) matched.add(rule);
  }
  for (const rule of matched) scores.set(rule.category, (scores.get(rule.category) ?? 0) + weight);
}

/** What localCategory reads of a save; an ExtractedPost (src-extension/shared) has it all. */
export interface CategorizedText {
  text: string;
  title?: string;
}

/**
 * One of CATEGORIES for the post: the category whose rules its title (counted twice) and text match most; on a
 * tie, the one earlier in CATEGORIES; `other` when no rule matches.
 */
export function localCategory(post: CategorizedText): Category {
  const scores = new Map<Ruled, number>();
  if (post.title) scoreInto(scores, post.title, TITLE_WEIGHT);
  scoreInto(scores, post.text, 1);
  const laughs = LAUGHS.filter((e) => post.text.includes(e) || post.title?.includes(e)).length;
  if (laughs) scores.set('humor', (scores.get('humor') ?? 0) + laughs);
  let best: Category = 'other';
  let bestScore = 0;
  for (const category of CATEGORIES) {
    if (category === 'other') continue;
    const score = scores.get(category) ?? 0;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
