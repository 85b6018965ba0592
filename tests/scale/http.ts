import pg from 'pg';

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json: () => Record<string, unknown>;
}

/** One request to `base` (nginx or a process directly), with a bearer token when given. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: object } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body) };
}

/** Signs in and returns the session token; throws with the answer when sign-in fails. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.body}`);
  return res.json().token as string;
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One query on the test database through its own short connection. */
export async function query<R>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}
