/**
 * How an error appears in the log and in the jobs table. A database error carries its query and parameters
 * (Drizzle's "Failed query: … params: …" message, the driver's `query`, `params` and `detail`, a message quoting
 * the value it refused): emails, messages and password hashes would reach the log with it. What is kept is
 * what an operator needs to find the fault: the SQLSTATE code, the constraint, the table and column, and the
 * database's own sentence with every quoted value withheld.
 */

// A type, not an interface: the log's serializer type wants an index signature.
export type LoggedError = {
  type: string;
  message: string;
  /** SQLSTATE for a database error; otherwise the error's own code (ECONNREFUSED, FST_…) when it has one. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  statusCode?: number;
  /** The stack's frames only (or ''): its first line repeats the message, query and parameters included. */
  stack: string;
  cause?: LoggedError;
};

interface DatabaseErrorFields {
  code: string;
  message: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const WITHHELD = '[withheld]';
/** Deep enough for Drizzle's error around the driver's; a cycle of causes ends here too. */
const MAX_DEPTH = 4;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The database's own error (PostgreSQL's or PGlite's, which share their fields) in `err` or its causes: it has a
 * SQLSTATE code and a severity.
 */
function databaseErrorIn(err: unknown): DatabaseErrorFields | null {
  let e: unknown = err;
  for (let depth = 0; depth <= MAX_DEPTH && isObject(e); depth++, e = e.cause) {
    const code = text(e.code);
    if (code && SQLSTATE.test(code) && text(e.severity)) {
      return {
        code,
        message: String(e.message ?? ''),
        constraint: text(e.constraint),
        table: text(e.table),
        column: text(e.column),
        dataType: text(e.dataType),
      };
    }
  }
  return null;
}

/**
 * The database's sentence with quoted values withheld: `invalid input syntax for type uuid: "a@b.c"` quotes the
 * value. A quoted name the error reports on its own (the constraint, table, column or type) stays readable, and
 * so does all of a class 42 error's sentence (an unknown table or column, a syntax error): it quotes the
 * statement's text, which is the code's, never a parameter.
 */
function withheldValues(db: DatabaseErrorFields): string {
  const names = [db.constraint, db.table, db.column, db.dataType];
  const first = db.message.split('\n')[0];
  if (db.code.startsWith('42')) return first;
  return first.replace(/"((?:[^"]|"")*)"/g, (whole, inner: string) =>
    names.includes(inner) ? whole : `"${WITHHELD}"`,
  );
}

/** Drizzle's message quotes the query and its parameters; a message from anywhere else is kept. */
const withoutQuery = (message: string) =>
  message.replace(/Failed query:[\s\S]*/, `Failed query: query and parameters ${WITHHELD}`);

const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function loggedError(err: unknown, depth: number): LoggedError {
  if (!isObject(err)) return { type: typeof err, message: withoutQuery(String(err)), stack: '' };
  const db = databaseErrorIn(err);
  if (db) {
    return defined({
      type: 'DatabaseError',
      code: db.code,
      constraint: db.constraint,
      table: db.table,
      column: db.column,
      dataType: db.dataType,
      message: withheldValues(db),
      stack: framesOf(err.stack),
    });
  }
  // Only the fields named here: an error's other properties can hold anything (a query, a request body).
  const name = text(err.name) ?? text((err.constructor as { name?: unknown } | undefined)?.name) ?? 'Error';
  return defined({
    type: name,
    message: withoutQuery(String(err.message ?? '')),
    code: text(err.code),
    statusCode: typeof err.statusCode === 'number' ? err.statusCode : undefined,
    stack: framesOf(err.stack),
    cause: err.cause !== undefined && depth < MAX_DEPTH ? loggedError(err.cause, depth + 1) : undefined,
  });
}

/** The log's serializer for `err` (logging.ts): every error logged by a request, a job or the start-up. */
export const errorForLog = (err: unknown): LoggedError => loggedError(err, 0);

/**
 * One line for a place that keeps text, not structure: a job's last error in the jobs table, the start-up's
 * failure on the console. A database error reads "database error 23505 (table users, constraint …): …".
 */
export function errorText(err: unknown, depth = 0): string {
  const db = databaseErrorIn(err);
  if (!db) {
    if (!isObject(err)) return withoutQuery(String(err));
    const message = withoutQuery(String(err.message ?? err));
    // A query that never reached the database (a refused connection) says why in its cause.
    return err.cause !== undefined && depth < MAX_DEPTH
      ? `${message} (${errorText(err.cause, depth + 1)})`
      : message;
  }
  const where = [
    db.table && `table ${db.table}`,
    db.column && `column ${db.column}`,
    db.constraint && `constraint ${db.constraint}`,
  ].filter(Boolean);
  const message = withheldValues(db);
  return `database error ${db.code}${where.length ? ` (${where.join(', ')})` : ''}: ${message}`;
}
