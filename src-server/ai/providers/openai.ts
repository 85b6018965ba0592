import OpenAI from 'openai';
import { tokenCount, type AiProvider } from './provider';

export interface ProviderOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs: number;
}

/** OpenAI chat completions through the official SDK, asking for a JSON object. */
export function openAiProvider(opts: ProviderOptions): AiProvider {
  const client = new OpenAI({
    apiKey: opts.apiKey,
    // Explicit, so the SDK never picks OPENAI_BASE_URL from a process environment the config did not read.
    baseURL: opts.baseUrl ?? 'https://api.openai.com/v1',
    timeout: opts.timeoutMs,
    // The gateway falls back to another provider instead; SDK retries would multiply the timeout.
    maxRetries: 0,
    // SDK log lines can quote provider responses.
    logLevel: 'off',
  });
  return {
    async complete(req) {
      const res = await client.chat.completions.create(
        {
          model: req.model,
          messages: [
            { role: 'system', content: req.system },
            { role: 'user', content: req.user },
          ],
          response_format: { type: 'json_object' },
          max_completion_tokens: req.maxOutputTokens,
        },
        { signal: req.signal },
      );
      const usage = res.usage;
      return {
        text: res.choices?.[0]?.message?.content ?? '',
        usage: {
          inputTokens: tokenCount(usage?.prompt_tokens),
          outputTokens: tokenCount(usage?.completion_tokens),
          totalTokens: tokenCount(usage?.total_tokens),
        },
      };
    },
  };
}
