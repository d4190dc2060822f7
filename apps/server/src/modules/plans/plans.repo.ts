import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { PlansTable } from '../../platform/db-schema.ts';

export type PlanRow = Selectable<PlansTable>;

export function listActivePlans(db: Db): Promise<PlanRow[]> {
  return db.selectFrom('plans').selectAll().where('active', '=', true).orderBy('sort_order').execute();
}

export function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}
