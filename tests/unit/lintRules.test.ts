import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

// The architecture's lint rules (docs/architecture.md), run on probe files inside a room: the same config that
// `npm run lint` uses, so a change that makes lint faster cannot quietly make it blind.
const ROOT = join(import.meta.dirname, '../..');
const PROBE = join(ROOT, 'src', `lintProbe${process.pid}`);
// A probe inside the console's shared grid folder that reaches into a section.
const GRID_PROBE = join(ROOT, 'src-admin', 'grid', `lintProbe${process.pid}.ts`);

const eslint = new ESLint({ cwd: ROOT });
const rulesHit = async (file: string) =>
  (await eslint.lintFiles([join(PROBE, file)]))[0].messages.map((m) => m.ruleId);

beforeAll(() => {
  mkdirSync(PROBE, { recursive: true });
  // Each side also imports a package, as real modules do: packages are skipped, the cycle between them is not.
  writeFileSync(
    join(PROBE, 'first.ts'),
    "import { z } from 'zod';\nimport { second } from './second';\nexport const first = () => z.string().parse(second());\n",
  );
  writeFileSync(
    join(PROBE, 'second.ts'),
    "import { z } from 'zod';\nimport { first } from './first';\nexport const second = () => z.string().parse(String(first));\n",
  );
  writeFileSync(
    join(PROBE, 'upward.ts'),
    "import AdminApp from '../../src-admin/AdminApp';\nexport const upward = AdminApp;\n",
  );
  writeFileSync(
    GRID_PROBE,
    "import { userData } from '../users/userData';\nexport const probe = userData;\n",
  );
});

afterAll(() => {
  rmSync(PROBE, { recursive: true, force: true });
  rmSync(GRID_PROBE, { force: true });
});

// Linting starts by reading the config and resolving imports: generous time on a busy machine, not a speed check.
describe('lint', { timeout: 60_000 }, () => {
  it('refuses an import cycle between two modules of a room', async () => {
    expect(await rulesHit('first.ts')).toContain('import/no-cycle');
    expect(await rulesHit('second.ts')).toContain('import/no-cycle');
  });

  it('refuses shared code importing the console', async () => {
    expect(await rulesHit('upward.ts')).toContain('import/no-restricted-paths');
  });

  it("refuses the console's shared folders importing a section", async () => {
    const [result] = await eslint.lintFiles([GRID_PROBE]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import/no-restricted-paths');
  });
});
