import type { AiConfig, ProviderCatalogue } from '../../src/contract/admin';
import { DEFAULT_AI_PROVIDER } from '../../src/config';

export interface AiConfigRow {
  taskType: string;
  name: string;
  description: string;
  provider: string;
  model: string | null;
  updatedAt: string | null;
}

/** One row per task type of the catalogue; a task with no stored config uses SPEC §9's default provider. */
export function aiConfigRows(catalogue: ProviderCatalogue, configs: readonly AiConfig[]): AiConfigRow[] {
  return catalogue.taskTypes.map((t) => {
    const c = configs.find((x) => x.taskType === t.id);
    return {
      taskType: t.id,
      name: t.name,
      description: t.description,
      provider: c?.provider ?? DEFAULT_AI_PROVIDER,
      model: c?.model ?? null,
      updatedAt: c?.updatedAt ?? null,
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
