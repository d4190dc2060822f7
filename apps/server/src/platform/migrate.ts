import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './db.ts';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export function createMigrator(db: Db): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
}

/** Brings the schema up to date; several processes may call this at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function pendingMigrations(db: Db): Promise<number> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).length;
}
