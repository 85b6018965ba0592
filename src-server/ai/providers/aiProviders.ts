import type { AppConfig } from '../../config';
import type { ProviderId } from '../../admin/aiCatalogue';
import type { AiProvider } from './provider';
import { openAiProvider } from './openai';
import { anthropicProvider } from './anthropic';
import { googleProvider } from './google';

type AiEnv = Pick<
  AppConfig,
  | 'OPENAI_API_KEY'
  | 'ANTHROPIC_API_KEY'
  | 'GEMINI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_BASE_URL'
  | 'GEMINI_BASE_URL'
  | 'AI_TIMEOUT_MS'
>;

/** Which providers have an API key; the others are "not configured" and their requests go to openai. */
export function configuredProviders(config: AiEnv): Record<ProviderId, boolean> {
  return {
    openai: Boolean(config.OPENAI_API_KEY),
    anthropic: Boolean(config.ANTHROPIC_API_KEY),
    google: Boolean(config.GEMINI_API_KEY),
  };
}

/** One SDK client per provider that has a key, built once: keys and endpoints come from the environment. */
export function aiProviders(config: AiEnv): Partial<Record<ProviderId, AiProvider>> {
  const timeoutMs = config.AI_TIMEOUT_MS;
  const providers: Partial<Record<ProviderId, AiProvider>> = {};
  if (config.OPENAI_API_KEY)
    providers.openai = openAiProvider({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      timeoutMs,
    });
  if (config.ANTHROPIC_API_KEY)
    providers.anthropic = anthropicProvider({
      apiKey: config.ANTHROPIC_API_KEY,
      baseUrl: config.ANTHROPIC_BASE_URL,
      timeoutMs,
    });
  if (config.GEMINI_API_KEY)
    providers.google = googleProvider({
      apiKey: config.GEMINI_API_KEY,
      baseUrl: config.GEMINI_BASE_URL,
      timeoutMs,
    });
  return providers;
}
