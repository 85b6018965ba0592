import { HttpError } from '../errors';
import { DEFAULT_PROVIDER, PROVIDERS, type ProviderId } from '../admin/aiCatalogue';
import { ProviderFailure, providerFailure, type AiProvider, type TokenUsage } from './providers/provider';

export interface ModelChoice {
  provider: ProviderId;
  model: string;
}

export interface Prompt {
  system: string;
  user: string;
  maxOutputTokens: number;
}

/** An answer that some provider served, parsed, with that provider's token counts. */
export interface Served<T> extends ModelChoice {
  value: T;
  usage: TokenUsage;
}

export interface GatewayLog {
  warn(details: object, message: string): void;
}

export interface AiGateway {
  /** Asks the chosen model; on any failure asks the default provider's default model once; else a 502. */
  complete<T>(choice: ModelChoice, prompt: Prompt, parse: (text: string) => T): Promise<Served<T>>;
}

/** The provider's first model is its default. */
export const defaultModel = (provider: ProviderId): string => PROVIDERS[provider].models[0].id;

export const AI_UNAVAILABLE = 'The AI service is unavailable right now. Please try again in a moment.';

export function createAiGateway(
  providers: Partial<Record<ProviderId, AiProvider>>,
  opts: { timeoutMs: number; log: GatewayLog },
): AiGateway {
  async function attempt<T>(choice: ModelChoice, prompt: Prompt, parse: (text: string) => T) {
    const provider = providers[choice.provider];
    if (!provider) throw new ProviderFailure('not configured');
    const completion = await withDeadline(opts.timeoutMs, (signal) =>
      provider.complete({ ...prompt, model: choice.model, signal }),
    );
    let value: T;
    try {
      value = parse(completion.text);
    } catch {
      throw new ProviderFailure('unusable answer');
    }
    return { ...choice, value, usage: completion.usage };
  }

  return {
    async complete(choice, prompt, parse) {
      const fallback: ModelChoice = { provider: DEFAULT_PROVIDER, model: defaultModel(DEFAULT_PROVIDER) };
      for (const next of [choice, fallback]) {
        try {
          return await attempt(next, prompt, parse);
        } catch (err) {
          const failure = err instanceof ProviderFailure ? err : new ProviderFailure('bad response');
          // The reason and status only: SDK errors quote the provider's response body.
          opts.log.warn(
            { provider: next.provider, model: next.model, reason: failure.reason, status: failure.status },
            'AI provider call failed',
          );
        }
      }
      throw new HttpError(502, AI_UNAVAILABLE);
    },
  };
}

/**
 * Runs one provider call under a deadline that covers the whole exchange, body included; the SDK's own
 * timeout stops at the response headers.
 */
async function withDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderFailure('timeout'));
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), expired]);
  } catch (err) {
    throw providerFailure(err, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
