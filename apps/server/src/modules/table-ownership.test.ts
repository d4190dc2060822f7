import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Which module writes which table (issue 28): the list is the table in ARCHITECTURE.md ("Who
 * writes which table"), read here, so the document and the check are one. A module's SQL may
 * write only the tables it owns or is listed for; the shared logs take INSERTs from anyone.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const architecture = readFileSync(path.join(here, '../../../../ARCHITECTURE.md'), 'utf8');

function ownershipFromArchitecture() {
  const section = architecture.split('## Who writes which table')[1]?.split('\n## ')[0] ?? '';
  const writers = new Map<string, Set<string>>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !cells[1]?.startsWith('`')) continue;
    const tables = [...(cells[1] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);
    const owner = cells[2] ?? '';
    const others = [...(cells[3] ?? '').matchAll(/(?:^|; )([a-z-]+) \(/g)].map((m) => m[1] as string);
    for (const t of tables) writers.set(t, new Set([owner, ...others]));
  }
  const logsLine = section.split('\n\n').find((p) => p.startsWith('Logs and outboxes')) ?? '';
  const appendOnly = new Set([...logsLine.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string));
  return { writers, appendOnly };
}

type Write = { module: string; file: string; table: string; verb: 'insert' | 'update' | 'delete' };

const patterns: [RegExp, Write['verb']][] = [
  [/\binsertInto\(\s*'([a-z_.]+)/g, 'insert'],
  [/\bupdateTable\(\s*'([a-z_.]+)/g, 'update'],
  [/\bdeleteFrom\(\s*'([a-z_.]+)/g, 'delete'],
  [/\binsert\s+into\s+([a-z_.]+)/gi, 'insert'],
  [/\bdelete\s+from\s+([a-z_.]+)/gi, 'delete'],
  [/\bupdate\s+([a-z_.]+)\s+(?:(?:as\s+)?[a-z]+\s+)?set\b/gi, 'update'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

export function tableWrites(source: string): Omit<Write, 'module' | 'file'>[] {
  return patterns.flatMap(([re, verb]) =>
    [...source.matchAll(re)].map((m) => ({ table: (m[1] as string).toLowerCase(), verb })),
  );
}

function moduleWrites(): Write[] {
  const modules = readdirSync(here).filter((n) => statSync(path.join(here, n)).isDirectory());
  return modules.flatMap((module) =>
    sourceFiles(path.join(here, module)).flatMap((file) =>
      tableWrites(readFileSync(file, 'utf8')).map((w) => ({ ...w, module, file: path.relative(here, file) })),
    ),
  );
}

describe('who writes which table', () => {
  const { writers, appendOnly } = ownershipFromArchitecture();
  const writes = moduleWrites();

  it('finds the writes it checks, raw SQL and query builder alike', () => {
    expect(tableWrites("db.updateTable('cards').set({})")).toEqual([{ table: 'cards', verb: 'update' }]);
    expect(tableWrites('update subscriptions s set status = 1')).toEqual([
      { table: 'subscriptions', verb: 'update' },
    ]);
    expect(tableWrites('insert into payouts (a) select')).toEqual([{ table: 'payouts', verb: 'insert' }]);
    expect(writers.get('payment_attempts')).toEqual(new Set(['billing', 'payments', 'admin']));
    expect(appendOnly).toEqual(new Set(['event_log', 'message_outbox', 'money_events']));
    expect(writes.length).toBeGreaterThan(30);
  });

  it('a module writes only the tables ARCHITECTURE.md gives it (the shared logs: inserts only)', () => {
    const foreign = writes.filter(
      (w) => !writers.get(w.table)?.has(w.module) && !(w.verb === 'insert' && appendOnly.has(w.table)),
    );
    expect(foreign.map((w) => `${w.module} ${w.verb}s ${w.table} (${w.file})`)).toEqual([]);
  });

  it('billing writes neither subscriptions nor cards: it reports through its ports', () => {
    const billing = writes.filter((w) => w.module === 'billing').map((w) => w.table);
    expect(billing).not.toContain('subscriptions');
    expect(billing).not.toContain('cards');
  });

  it('every module listed as a writer still writes its table (the list does not go stale)', () => {
    const modules = new Set(writes.map((w) => w.module));
    const stale = [...writers].flatMap(([table, mods]) =>
      [...mods]
        .filter((m) => modules.has(m) && !writes.some((w) => w.table === table && w.module === m))
        .map((m) => `${m} ${table}`),
    );
    expect(stale).toEqual([]);
  });
});
