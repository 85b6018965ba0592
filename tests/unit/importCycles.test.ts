import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// No import circles in the rooms, counting what eslint's import/no-cycle skips: type-only imports and lazy
// `import()`s. A type import still ties two modules' designs together, and a lazy one still makes shared code
// depend on what it loads (docs/architecture.md#imports-run-one-way).
const ROOT = join(import.meta.dirname, '../..');
const ROOMS = ['src', 'src-site', 'src-admin', 'src-extension', 'src-server'];
const SKIPPED = new Set(['node_modules', 'migrations']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIPPED.has(e.name) ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each module's relative imports of every kind (static, type-only, re-exports, `import()`), as files. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolved = (from: string, spec: string) => {
    const base = resolve(dirname(from), spec);
    const tries = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
    return tries.find((f) => known.has(f));
  };
  return new Map(
    files.map((f) => [
      f,
      ts
        .preProcessFile(readFileSync(f, 'utf8'), true, true)
        .importedFiles.filter((i) => i.fileName.startsWith('.'))
        .map((i) => resolved(f, i.fileName))
        .filter((to): to is string => to !== undefined),
    ]),
  );
}

/** The strongly connected components of more than one module (Tarjan's algorithm): each is an import circle. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1) circles.push(members);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('import circles', () => {
  it('finds a circle made only of type imports and lazy imports', () => {
    const graph = new Map([
      ['shared', ['section']],
      ['section', ['screen']],
      ['screen', ['shared']],
      ['leaf', []],
    ]);
    expect(importCircles(graph).map((c) => c.sort())).toEqual([['screen', 'section', 'shared']]);
  });

  it('has none in any room, type-only and lazy imports counted', () => {
    const graph = importGraph(ROOMS.flatMap((room) => sources(join(ROOT, room))));
    const circles = importCircles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
    expect(circles).toEqual([]);
  });
});
