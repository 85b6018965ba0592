import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `fn` on a fresh PostgreSQL database created beside `baseUrl`, and drops it afterwards. */
export async function withThrowawayDatabase(
  baseUrl: string,
  fn: (url: string) => Promise<void>,
): Promise<void> {
  const name = `pk_bench_${randomBytes(4).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
