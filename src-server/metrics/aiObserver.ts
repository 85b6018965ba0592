import type { GatewayObserver } from '../ai/gateway';
import type { Metrics } from './metrics';

/** The AI gateway's calls, tokens, failures and fallbacks as Prometheus counters, by provider and model. */
export function aiObserver(metrics: Metrics): GatewayObserver {
  return {
    billed({ provider, model }, usage) {
      metrics.aiTokens.inc({ provider, model, kind: 'input' }, usage.inputTokens);
      metrics.aiTokens.inc({ provider, model, kind: 'output' }, usage.outputTokens);
    },
    called({ provider, model }, failure) {
      metrics.aiCalls.inc({ provider, model, outcome: failure === null ? 'ok' : 'failed' });
      if (failure !== null) metrics.aiFailures.inc({ provider, model, reason: failure });
    },
    fellBack({ provider, model }) {
      metrics.aiFallbacks.inc({ from_provider: provider, from_model: model });
    },
  };
}
