import type { AiConfig, ProviderCatalogue } from '../../src/contract/admin';
import { DEFAULT_AI_PROVIDER } from '../../src/config';

export interface AiConfigRow {
  taskType: string;
  name: string;
  description: string;
  provider: string;
  model: string | null;
  updatedAt: string | null;
  /** Set when the row's provider has no API key on the server: what then happens to its requests. */
  keyNote: string | null;
}

/**
 * What a missing API key means for a provider's requests, or null when the key is there. The default provider
 * is the fallback itself, so without its key nothing catches a failure.
 */
export function keyNote(catalogue: ProviderCatalogue, provider: string): string | null {
  if (catalogue.providers[provider]?.configured !== false) return null;
  return provider === DEFAULT_AI_PROVIDER
    ? 'No API key: its requests fail, and failed requests have no fallback'
    : 'No API key: requests fall back to OpenAI';
}

/** One row per task type of the catalogue; a task with no stored config uses the default provider (docs/product.md#constants-and-timings). */
export function aiConfigRows(catalogue: ProviderCatalogue, configs: readonly AiConfig[]): AiConfigRow[] {
  return catalogue.taskTypes.map((t) => {
    const c = configs.find((x) => x.taskType === t.id);
    const provider = c?.provider ?? DEFAULT_AI_PROVIDER;
    return {
      taskType: t.id,
      name: t.name,
      description: t.description,
      provider,
      model: c?.model ?? null,
      updatedAt: c?.updatedAt ?? null,
      keyNote: keyNote(catalogue, provider),
    };
  });
}

/** The newest updatedAt among the configs, or null. */
export function lastUpdated(configs: readonly Pick<AiConfig, 'updatedAt'>[]): string | null {
  let best: string | null = null;
  for (const c of configs)
    if (c.updatedAt && (!best || new Date(c.updatedAt) > new Date(best))) best = c.updatedAt;
  return best;
}
