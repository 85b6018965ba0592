import { GoogleGenAI } from '@google/genai';
import { tokenCount, type AiProvider, type ProviderOptions } from './provider';

/** Gemini generateContent through the official SDK, asking for a JSON response. */
export function googleProvider(opts: ProviderOptions): AiProvider {
  const client = new GoogleGenAI({
    apiKey: opts.apiKey,
    // Explicit, so GOOGLE_GENAI_USE_VERTEXAI or GOOGLE_GEMINI_BASE_URL in the process cannot redirect the calls.
    vertexai: false,
    httpOptions: {
      baseUrl: opts.baseUrl ?? 'https://generativelanguage.googleapis.com',
      timeout: opts.timeoutMs,
      // One attempt: the gateway falls back to another provider instead of waiting on backoff.
      retryOptions: { attempts: 1 },
    },
  });
  return {
    async complete(req) {
      const res = await client.models.generateContent({
        model: req.model,
        contents: [{ role: 'user', parts: [{ text: req.user }] }],
        config: {
          systemInstruction: req.system,
          responseMimeType: 'application/json',
          maxOutputTokens: req.maxOutputTokens,
          abortSignal: req.signal,
        },
      });
      const u = res.usageMetadata;
      const inputTokens = tokenCount(u?.promptTokenCount) + (u?.toolUsePromptTokenCount ?? 0);
      // Thinking tokens are billed as output.
      const outputTokens = tokenCount(u?.candidatesTokenCount ?? 0) + (u?.thoughtsTokenCount ?? 0);
      return {
        text: res.text ?? '',
        usage: {
          inputTokens,
          outputTokens,
          totalTokens:
            typeof u?.totalTokenCount === 'number' ? u.totalTokenCount : inputTokens + outputTokens,
        },
      };
    },
  };
}
