import OpenAI from 'openai';
import { sdkClientOptions, tokenCount, type AiProvider, type ProviderOptions } from './provider';

/** OpenAI chat completions through the official SDK, asking for a JSON object. */
export function openAiProvider(opts: ProviderOptions): AiProvider {
  const client = new OpenAI(sdkClientOptions(opts, 'https://api.openai.com/v1'));
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
