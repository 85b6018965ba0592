import { startFakeGoogle } from '../fixtures/fakeGoogle';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic';
import { startFakeGemini } from '../fixtures/fakeGemini';

/**
 * Local stand-ins for every outside service (Google sign-in and the three AI providers), so each route runs
 * its real code path rather than answering "not configured" or "unreachable".
 */
// One answer every AI task can read (tags, a category, matches, recommendations, a summary).
const EVERY_TASK = {
  kind: 'answer' as const,
  text: JSON.stringify({
    tags: ['stand-in'],
    category: 'technology',
    matches: [1],
    recommendations: [{ post: 1, reason: 'Close to what you saved.' }],
    summary: 'Mostly developer tools.',
    topics: ['tools'],
  }),
};

export async function startStandIns(webUrl = 'http://localhost:3000') {
  const client = { clientId: 'postkeeper-web', clientSecret: 'stand-in-secret' };
  const [google, openai, anthropic, gemini] = await Promise.all([
    startFakeGoogle({ ...client, redirectUri: `${webUrl}/api/auth/google/callback` }),
    startFakeOpenAi(EVERY_TASK),
    startFakeAnthropic(EVERY_TASK),
    startFakeGemini(EVERY_TASK),
  ]);
  return {
    env: {
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      ...openai.env,
      ...anthropic.env,
      ...gemini.env,
    },
    close: () => Promise.all([google.close(), openai.close(), anthropic.close(), gemini.close()]),
  };
}
