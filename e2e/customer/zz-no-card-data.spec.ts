import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl, serverLogFile } from '../fixtures/env.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { signUpNewCustomer } from './pages/sign-up.ts';
import { testCards } from './pages/test-cards.ts';
import { expectToast } from './pages/toasts.ts';

/**
 * After cards were added through the UI (here and by the journeys before it), no table and no
 * line of the server's log holds a card number or the CVC typed into the form.
 */
const CVC = '739';

test('card numbers and CVCs typed in the browser reach no table and no log', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page, 'scan');
  const onboarding = new OnboardingPage(page);
  await onboarding.getStarted();
  await onboarding.fillProfile();
  await onboarding.saveProfile();
  await onboarding.cardForm.fillDetails(testCards.visa, { cvc: CVC });
  await onboarding.cardForm.next();
  await onboarding.cardForm.root.getByRole('button', { name: 'Add Card' }).click();
  await expectToast(page, 'Card added successfully');
  await onboarding.expectCardCount(1);

  const numbers = Object.values(testCards).flatMap((n) => [n, n.replace(/\s/g, '')]);
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    let cardsSeen = 0;
    for (const t of tables.rows) {
      const rows = await client.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t) as row from "${t.schema}"."${t.name}" t`,
      );
      for (const { row } of rows.rows) {
        const text = JSON.stringify(row);
        for (const n of numbers) expect(text, `${t.name} holds a card number`).not.toContain(n);
        // The CVC as a whole value of some column (not digits inside an id or a timestamp).
        for (const [column, value] of Object.entries(row)) {
          expect(String(value), `${t.name}.${column} holds the CVC`).not.toBe(CVC);
        }
      }
      if (t.name === 'cards') cardsSeen = rows.rowCount ?? 0;
    }
    expect(cardsSeen).toBeGreaterThan(0);
  } finally {
    await client.end();
  }

  const log = readFileSync(serverLogFile, 'utf8');
  expect(log.length).toBeGreaterThan(1000);
  for (const n of numbers) expect(log).not.toContain(n);
  expect(log).not.toMatch(new RegExp(`"${CVC}"`));
});
