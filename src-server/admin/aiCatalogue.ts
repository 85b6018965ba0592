import { DEFAULT_AI_PROVIDER } from '../../src/config';
import type { ProviderCatalogue } from '../../src/contract/admin';

/** What the product asks AI to do. */
export const TASK_TYPES = [
  {
    id: 'auto-tagging',
    name: 'Auto-tagging',
    description: 'Suggests tags for each saved post from its text and images.',
  },
  {
    id: 'categorization',
    name: 'Categorization',
    description: 'Sorts saved posts into topics and collections.',
  },
  {
    id: 'search',
    name: 'Smart Search',
    description: 'Understands natural-language searches across saved posts.',
  },
  {
    id: 'recommendations',
    name: 'Recommendations',
    description: 'Surfaces related and forgotten posts worth revisiting.',
  },
  {
    id: 'analytics',
    name: 'Analytics & Insights',
    description: 'Summarises saving habits, topics and trends.',
  },
] as const;

/** Providers and their models; the first model of each is its default. Prices in dollars per million tokens. */
export const PROVIDERS = {
  openai: {
    name: 'OpenAI',
    models: [
      { id: 'gpt-4o-mini', name: 'GPT-4o mini', input: 0.15, output: 0.6 },
      { id: 'gpt-4o', name: 'GPT-4o', input: 2.5, output: 10 },
      { id: 'gpt-4.1-mini', name: 'GPT-4.1 mini', input: 0.4, output: 1.6 },
    ],
  },
  anthropic: {
    name: 'Anthropic',
    models: [
      { id: 'claude-3-5-haiku', name: 'Claude 3.5 Haiku', input: 0.8, output: 4 },
      { id: 'claude-sonnet-4', name: 'Claude Sonnet 4', input: 3, output: 15 },
    ],
  },
  google: {
    name: 'Google',
    models: [
      { id: 'gemini-2.0-flash', name: 'Gemini 2.0 Flash', input: 0.1, output: 0.4 },
      { id: 'gemini-1.5-pro', name: 'Gemini 1.5 Pro', input: 1.25, output: 5 },
    ],
  },
} as const;

export type ProviderId = keyof typeof PROVIDERS;
export const DEFAULT_PROVIDER: ProviderId = DEFAULT_AI_PROVIDER as ProviderId;

/** The catalogue for the console; `configured` says which providers have an API key on this server. */
export function providerCatalogue(configured: Record<ProviderId, boolean>): ProviderCatalogue {
  return {
    taskTypes: TASK_TYPES.map((t) => ({ ...t })),
    providers: Object.fromEntries(
      Object.entries(PROVIDERS).map(([id, p]) => [
        id,
        {
          name: p.name,
          models: p.models.map((m) => ({ id: m.id, name: m.name })),
          configured: configured[id as ProviderId],
        },
      ]),
    ),
  };
}

export const isTaskType = (id: string) => TASK_TYPES.some((t) => t.id === id);
// Own keys only: `'constructor' in PROVIDERS` is true, and would let an operator store a provider that is none.
export const isProvider = (id: string): id is ProviderId => Object.hasOwn(PROVIDERS, id);
export const isModelOf = (provider: ProviderId, model: string) =>
  PROVIDERS[provider].models.some((m) => m.id === model);

/** Every priced model, for the model_prices table. */
export const PRICE_ROWS = Object.entries(PROVIDERS).flatMap(([provider, p]) =>
  p.models.map((m) => ({ provider, model: m.id, inputPerMTok: m.input, outputPerMTok: m.output })),
);
