import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { errorForLog, errorText } from '../../src-server/errorLog';
import { loggerOptions } from '../../src-server/logging';

const EMAIL = 'someone.private@example.test';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGhhc2hoYXNo';
const QUERY = 'insert into "users" ("email", "password_hash") values ($1, $2)';

/** A database error as the PostgreSQL and PGlite drivers raise it: fields, then the query they ran. */
function databaseError(message: string, fields: Record<string, string | undefined>): Error {
  return Object.assign(new Error(message), {
    severity: 'ERROR',
    detail: `Key (email)=(${EMAIL}) already exists.`,
    where: `unnamed portal parameter $1 = '${EMAIL}'`,
    query: QUERY,
    params: [EMAIL, HASH],
    ...fields,
  });
}

const uniqueViolation = () =>
  new DrizzleQueryError(
    QUERY,
    [EMAIL, HASH],
    databaseError('duplicate key value violates unique constraint "users_email_unique"', {
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
    }),
  );

describe('errors in the log', () => {
  it('keep a database error as its SQLSTATE, constraint and table, without the query or its parameters', () => {
    const logged = errorForLog(uniqueViolation());
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
    });
    const text = JSON.stringify(logged);
    for (const leak of [EMAIL, HASH, 'Failed query', 'insert into', 'params', 'Key (email)'])
      expect(text).not.toContain(leak);
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('withhold the value a database sentence quotes, and keep the names it reports', () => {
    const badValue = new DrizzleQueryError(
      'select $1::uuid',
      [EMAIL],
      databaseError(`invalid input syntax for type uuid: "${EMAIL}"`, { code: '22P02' }),
    );
    expect(errorForLog(badValue).message).toBe('invalid input syntax for type uuid: "[withheld]"');
    expect(errorText(badValue)).toBe(
      'database error 22P02: invalid input syntax for type uuid: "[withheld]"',
    );
    expect(errorText(uniqueViolation())).toBe(
      'database error 23505 (table users, constraint users_email_unique): duplicate key value violates unique constraint "users_email_unique"',
    );
  });

  it("keep a query's failure to reach the database as its cause, without the query", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failed = new DrizzleQueryError(QUERY, [EMAIL, HASH], refused);
    const logged = errorForLog(failed);
    expect(logged).toMatchObject({
      message: 'Failed query: query and parameters [withheld]',
      cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    expect(JSON.stringify(logged)).not.toContain(EMAIL);
    expect(errorText(failed)).toBe(
      'Failed query: query and parameters [withheld] (connect ECONNREFUSED 127.0.0.1:5432)',
    );
  });

  it('keep any other error as its type, message and code, without its other properties', () => {
    const other = Object.assign(new TypeError('relay said no'), { code: 'EAUTH', body: { email: EMAIL } });
    expect(errorForLog(other)).toMatchObject({ type: 'TypeError', message: 'relay said no', code: 'EAUTH' });
    expect(JSON.stringify(errorForLog(other))).not.toContain(EMAIL);
    expect(errorText(other)).toBe('relay said no');
    // A message already turned into text (err: error.message) loses its query as well.
    expect(errorForLog(uniqueViolation().message).message).not.toContain(EMAIL);
  });

  it("are the server log's serializer for err", () => {
    const options = loggerOptions('info') as { serializers: Record<string, unknown> };
    expect(options.serializers.err).toBe(errorForLog);
  });
});
