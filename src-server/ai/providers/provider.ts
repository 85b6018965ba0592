/** One prompt for one model: a system instruction and the user's part, answered with JSON text. */
export interface CompletionRequest {
  model: string;
  system: string;
  user: string;
  maxOutputTokens: number;
  /** Aborts the call when the gateway's deadline passes. */
  signal: AbortSignal;
}

/** The provider's own token counts from its response. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface Completion {
  text: string;
  usage: TokenUsage;
}

/** How the gateway reaches one provider: from the config, never from the process environment. */
export interface ProviderOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs: number;
}

/** The client options the OpenAI and Anthropic SDKs share, set the same way for both. */
export function sdkClientOptions(opts: ProviderOptions, defaultBaseUrl: string) {
  return {
    apiKey: opts.apiKey,
    // Explicit, so the SDK never picks a base URL from an environment variable the config did not read.
    baseURL: opts.baseUrl ?? defaultBaseUrl,
    timeout: opts.timeoutMs,
    // The gateway falls back to another provider instead; SDK retries would multiply the timeout.
    maxRetries: 0,
    // SDK log lines can quote provider responses.
    logLevel: 'off' as const,
  };
}

/** One provider behind its official SDK. */
export interface AiProvider {
  complete(request: CompletionRequest): Promise<Completion>;
}

/** Why a provider call did not give a usable answer; logged without the provider's message or body. */
export type FailureReason =
  | 'not configured'
  | 'timeout'
  | 'rate limited'
  | 'server error'
  | 'rejected'
  | 'unreachable'
  | 'bad response'
  | 'unusable answer';

export class ProviderFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly status?: number,
  ) {
    super(status ? `${reason} (HTTP ${status})` : reason);
    this.name = 'ProviderFailure';
  }
}

/**
 * Turns whatever an SDK threw into a ProviderFailure. SDK errors carry the provider's response body in their
 * message, so only the HTTP status and the kind survive.
 */
export function providerFailure(err: unknown, signal: AbortSignal): ProviderFailure {
  if (err instanceof ProviderFailure) return err;
  if (signal.aborted) return new ProviderFailure('timeout');
  const e = err as { status?: unknown; name?: unknown; code?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : undefined;
  if (status === 429) return new ProviderFailure('rate limited', status);
  if (status !== undefined && status >= 500) return new ProviderFailure('server error', status);
  if (status !== undefined && status >= 400) return new ProviderFailure('rejected', status);
  const name = typeof e?.name === 'string' ? e.name : '';
  if (/timeout/i.test(name)) return new ProviderFailure('timeout');
  if (/connection/i.test(name) || e?.code === 'ECONNREFUSED') return new ProviderFailure('unreachable');
  return new ProviderFailure('bad response');
}

/** A count from a response, or a failure: a served request is always metered with real numbers. */
export function tokenCount(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  throw new ProviderFailure('bad response');
}
