import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../../src-server', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('background work', () => {
  it('is scheduled only by the job runner: no timer repeats anywhere else in the server', () => {
    const repeating = files(serverDir)
      .filter((f) => /\bsetInterval\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(serverDir, f));
    // Each process would otherwise run the work on its own, as many times as there are processes.
    expect(repeating).toEqual(['jobs/jobRunner.ts']);
  });
});
