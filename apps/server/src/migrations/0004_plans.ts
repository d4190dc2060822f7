import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('interval', 'text', (c) => c.notNull().check(sql`interval in ('month', 'year')`))
    .addColumn('interval_count', 'integer', (c) => c.notNull().check(sql`interval_count > 0`))
    .addColumn('tax_basis_points', 'integer', (c) =>
      c.notNull().check(sql`tax_basis_points between 0 and 10000`),
    )
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // NOTE: the product is "$36 semi-annually" plus tax; the annual plan exists so customers can
  // change plans. The last listed plan is the one onboarding preselects.
  await sql`
    insert into plans (id, name, price_cents, interval, interval_count, tax_basis_points, sort_order) values
      ('annual', 'Annual', 6600, 'month', 12, 825, 1),
      ('semi-annual', 'Semi-Annual', 3600, 'month', 6, 825, 2)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plans').ifExists().execute();
}
