// The OpenAI stand-in as its own process, for the benchmarks: prints one JSON line with the env that points the app
// at it, then serves until it is killed.
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';

const fake = await startFakeOpenAi({
  kind: 'answer',
  text: '{"tags": ["benchmark", "stand-in", "openai"]}',
  inputTokens: 180,
  outputTokens: 24,
});
console.log(JSON.stringify(fake.env));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
