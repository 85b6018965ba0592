import Anthropic from '@anthropic-ai/sdk';
import { sdkClientOptions, tokenCount, type AiProvider, type ProviderOptions } from './provider';

/**
 * The console offers short model names; the Messages API wants its own ids, so those are pinned here (a
 * dated snapshot answers the same way until Anthropic retires it).
 */
const API_MODEL: Record<string, string> = {
  'claude-3-5-haiku': 'claude-3-5-haiku-20241022',
  'claude-sonnet-4': 'claude-sonnet-4-20250514',
};

/** Anthropic messages through the official SDK; the prompt itself asks for JSON. */
export function anthropicProvider(opts: ProviderOptions): AiProvider {
  const client = new Anthropic(sdkClientOptions(opts, 'https://api.anthropic.com'));
  return {
    async complete(req) {
      const res = await client.messages.create(
        {
          model: Object.hasOwn(API_MODEL, req.model) ? API_MODEL[req.model] : req.model,
          max_tokens: req.maxOutputTokens,
          system: req.system,
          messages: [{ role: 'user', content: req.user }],
        },
        { signal: req.signal },
      );
      const text = (res.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
      const u = res.usage;
      // Cached prompt tokens are reported apart from input_tokens; they are still prompt tokens.
      const inputTokens =
        tokenCount(u?.input_tokens) +
        (u?.cache_creation_input_tokens ?? 0) +
        (u?.cache_read_input_tokens ?? 0);
      const outputTokens = tokenCount(u?.output_tokens);
      return { text, usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens } };
    },
  };
}
