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

/** A completion the provider bills: the model that answered and the token counts it reported. */
export interface Billed extends ModelChoice {
  usage: TokenUsage;
}

/** An answer that some provider served, parsed, with that provider's token counts. */
export interface Served<T> extends Billed {
  value: T;
}

/** Writes one billed completion to the usage meter. */
export type Meter = (billed: Billed) => Promise<void>;

export interface GatewayLog {
  warn(details: object, message: string): void;
}

/** Told of every provider call, bill and fallback, for the metrics (metrics/aiObserver.ts). */
export interface GatewayObserver {
  /** A provider's answer arrived and is billed: usable or not, in time or late. */
  billed(choice: ModelChoice, usage: TokenUsage): void;
  /** One provider call ended: served (null), or failed for this reason. */
  called(choice: ModelChoice, failure: string | null): void;
  /** The chosen model failed and the default one is asked instead. */
  fellBack(from: ModelChoice): void;
}

export interface AiGateway {
  /**
   * Asks the chosen model; on any failure asks the default provider's default model once; else a 502. `parse`
   * reads the answer's text and throws when it is unusable. Every completion the provider bills but that is not
   * served (its answer unusable, or arriving after the deadline) is handed to `meter` before the gateway moves on;
   * the served one comes back with its usage, for the caller to meter with what it saves, so it is metered once.
   */
  complete<T>(
    choice: ModelChoice,
    prompt: Prompt,
    parse: (text: string, from: ModelChoice) => T,
    meter: Meter,
  ): Promise<Served<T>>;
}

/** The provider's first model is its default. */
export const defaultModel = (provider: ProviderId): string => PROVIDERS[provider].models[0].id;

export const AI_UNAVAILABLE = 'The AI service is unavailable right now. Please try again in a moment.';

export function createAiGateway(
  providers: Partial<Record<ProviderId, AiProvider>>,
  opts: { timeoutMs: number; log: GatewayLog; observe?: GatewayObserver },
): AiGateway {
  async function attempt<T>(
    choice: ModelChoice,
    prompt: Prompt,
    parse: (text: string, from: ModelChoice) => T,
    meter: Meter,
  ): Promise<Served<T>> {
    const provider = providers[choice.provider];
    if (!provider) throw new ProviderFailure('not configured');
    const completion = await withDeadline(
      opts.timeoutMs,
      (signal) => provider.complete({ ...prompt, model: choice.model, signal }),
      // An answer that lands as the deadline passes was billed all the same; the request has moved on by then.
      (late) => {
        opts.observe?.billed(choice, late.usage);
        return meter({ ...choice, usage: late.usage }).catch(() =>
          opts.log.warn(
            { provider: choice.provider, model: choice.model },
            'AI usage of a late answer not metered',
          ),
        );
      },
    );
    opts.observe?.billed(choice, completion.usage);
    let value: T;
    try {
      value = parse(completion.text, choice);
    } catch {
      // The provider billed the completion, whatever its text: metered before any fallback is asked.
      await meter({ ...choice, usage: completion.usage });
      throw new ProviderFailure('unusable answer');
    }
    return { ...choice, value, usage: completion.usage };
  }

  return {
    async complete(choice, prompt, parse, meter) {
      const fallback: ModelChoice = { provider: DEFAULT_PROVIDER, model: defaultModel(DEFAULT_PROVIDER) };
      for (const next of [choice, fallback]) {
        try {
          const served = await attempt(next, prompt, parse, meter);
          opts.observe?.called(next, null);
          return served;
        } catch (err) {
          // Whatever the provider did is a ProviderFailure by now; anything else is the meter failing to write,
          // which no fallback mends (and asking one would bill a call that cannot be metered).
          if (!(err instanceof ProviderFailure)) throw err;
          opts.observe?.called(next, err.reason);
          if (next === choice) opts.observe?.fellBack(choice);
          // The reason and status only: SDK errors quote the provider's response body.
          opts.log.warn(
            { provider: next.provider, model: next.model, reason: err.reason, status: err.status },
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
 * timeout stops at the response headers. The providers' usage comes only with the whole answer, so a call cut off
 * at the deadline has none to meter; but an answer already read when the deadline passes resolves all the same,
 * after the call was given up on: it goes to `late`.
 */
async function withDeadline<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
  late: (value: T) => void,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderFailure('timeout'));
    }, ms);
  });
  let pending: Promise<T> | undefined;
  try {
    pending = call(controller.signal);
    return await Promise.race([pending, expired]);
  } catch (err) {
    if (controller.signal.aborted) pending?.then(late, () => undefined);
    throw providerFailure(err, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
