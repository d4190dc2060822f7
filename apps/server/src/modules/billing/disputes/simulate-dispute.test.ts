import { receiptLabel } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/cli.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

// The simulator's dispute triggers are staff and CLI actions like any other (issue 30): whoever
// pulls one is in the staff audit trail, through the API and the CLI alike.
let t: TestApp;
let finance: Api;
const charges: string[] = [];

const auditOf = async (action: string, targetId: string) =>
  (
    await sql<{ actor: string; after: { processorDisputeId?: string; outcome?: string } }>`
      select actor, after from staff_audit where action = ${action} and target_id = ${targetId}`.execute(t.db)
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  for (const name of ['ann', 'bob', 'cy', 'dee', 'eve']) {
    const api = await signedInUser(t, `${name}@example.com`);
    const card = (await addCard(api, testCards.visa)).body.data.id;
    expect((await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    const row = await sql<{ id: string }>`
      select a.id from payment_attempts a join customers c on c.id = a.customer_id
      where c.email = ${`${name}@example.com`} and a.kind = 'subscription'`.execute(t.db);
    charges.push(row.rows[0]?.id as string);
  }
}, 90_000);
afterAll(() => t?.stop());

// Each CLI case starts one to three `npm run cli` processes (a Node start and the server's import
// graph each, ~5 s on a quiet machine): a shared machine under load needs more than the default 30 s.
describe('a simulated dispute', { timeout: 90_000 }, () => {
  it('opened through the API is recorded with the staff member', async () => {
    const res = await finance.post(`/api/v1/billing/charges/${charges[0]}/simulate-dispute`);
    expect(res.status).toBe(202);
    expect(await auditOf('dispute.simulate', charges[0] as string)).toEqual([
      { actor: 'finance@pria.example', after: { processorDisputeId: res.body.data.disputeId } },
    ]);
  });

  it('opened from the CLI is recorded with the CLI and its user', async () => {
    const run = await runCli(t, ['billing:dispute', '--charge', charges[1] as string]);
    expect(run.code).toBe(0);
    const [row] = await auditOf('dispute.simulate', charges[1] as string);
    expect(row?.actor).toMatch(/^cli:/);
  });

  it('decided by the network from the CLI is recorded too', async () => {
    const [opened] = await auditOf('dispute.simulate', charges[1] as string);
    const disputeId = opened?.after.processorDisputeId as string;
    const run = await runCli(t, ['billing:dispute', '--dispute', disputeId, '--outcome', 'won']);
    expect(run.code).toBe(0);
    const [row] = await auditOf('dispute.simulate_decision', disputeId);
    expect(row).toMatchObject({ actor: expect.stringMatching(/^cli:/), after: { outcome: 'won' } });
  });

  it('opened from the CLI finds the charge by its receipt number or the processor transaction id', async () => {
    const [cy, dee] = [charges[2] as string, charges[3] as string];
    const receipt = await sql<{ number: number }>`
      select number from receipts where attempt_id = ${cy} and kind = 'charge'`.execute(t.db);
    const byReceipt = await runCli(t, [
      'billing:dispute',
      '--charge',
      receiptLabel(Number(receipt.rows[0]?.number)),
    ]);
    expect(byReceipt.code).toBe(0);
    expect(await auditOf('dispute.simulate', cy)).toHaveLength(1);
    const txn = await sql<{ id: string }>`
      select gateway_transaction_id as id from payment_attempts where id = ${dee}`.execute(t.db);
    expect(txn.rows[0]?.id).toMatch(/^sim_/);
    const byTxn = await runCli(t, ['billing:dispute', '--charge', txn.rows[0]?.id as string]);
    expect(byTxn.code).toBe(0);
    expect(await auditOf('dispute.simulate', dee)).toHaveLength(1);
    // A receipt number no charge has is refused with the words of what it takes.
    const none = await runCli(t, ['billing:dispute', '--charge', 'R-999999']);
    expect(none.code).not.toBe(0);
    expect(none.err).toContain(
      'No captured charge with that id, reference, processor transaction id or receipt number',
    );
  });

  it('finds a charge by every name the staff transactions filter takes it by (one definition: namedMoneyRow)', async () => {
    const eve = charges[4] as string;
    const row = await sql<{ reference: string; gtx: string }>`
      select reference, gateway_transaction_id as gtx from payment_attempts where id = ${eve}`.execute(t.db);
    const { reference, gtx } = row.rows[0] ?? { reference: '', gtx: '' };
    for (const name of [eve, reference, gtx]) {
      const listed = await finance.get(
        `/api/v1/admin/transactions?transactionId=${encodeURIComponent(name)}`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.rows.map((r: { id: string }) => r.id)).toEqual([eve]);
    }
    const run = await runCli(t, ['billing:dispute', '--charge', reference]);
    expect(run.code).toBe(0);
    expect(await auditOf('dispute.simulate', eve)).toHaveLength(1);
  });

  it('of a charge that does not exist changes nothing and is not recorded', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await finance.post(`/api/v1/billing/charges/${unknown}/simulate-dispute`)).status).toBe(404);
    expect(await auditOf('dispute.simulate', unknown)).toEqual([]);
  });
});
