import { formatDate, formatMonth, formatUsd } from '@pria/contracts';
import { stringify } from 'csv-stringify/sync';
import type { StatementLine } from './documents.repo.ts';
import { cardLabel, type Issuer, letterhead, pdfBuffer } from './receipt-pdf.ts';

/**
 * The yearly statement (issue 19): every $3 charge of the calendar year and its pay-back side by
 * side, per card, with totals. The same lines make the PDF and the CSV.
 */
const day = (d: Date | null) => (d ? formatDate(d, 'numeric') : '');
const month = (period: string) => formatMonth(period);

const chargeWords: Record<string, string> = {
  captured: 'Charged',
  declined: 'Declined',
  missed: 'Missed (Pria was unavailable)',
  submitted: 'Processing',
  unknown: 'Processing',
  created: 'Processing',
};
const payoutWords: Record<string, string> = {
  paid: 'Paid back',
  pending: 'Scheduled',
  submitted: 'Processing',
  unknown: 'Processing',
  failed: 'Retrying',
  returned: 'Returned',
};

export interface StatementRow {
  card: string;
  month: string;
  chargedOn: string;
  charge: string;
  chargeAmount: string;
  paidBackOn: string;
  payBack: string;
  payBackAmount: string;
}

interface Totals {
  charged: number;
  paidBack: number;
}

function rowsOf(lines: StatementLine[]): StatementRow[] {
  return lines.map((l) => {
    const captured = l.charge_status === 'captured';
    return {
      card: cardLabel(l.brand, l.last_four),
      month: month(l.period),
      chargedOn: captured ? day(l.charged_at) : '',
      charge: `${chargeWords[l.charge_status] ?? l.charge_status}${l.charge_status === 'declined' && l.reason ? ` (${l.reason})` : ''}`,
      chargeAmount: captured ? formatUsd(Number(l.charge_cents)) : formatUsd(0),
      paidBackOn: l.payout_status === 'paid' ? day(l.paid_at) : '',
      payBack: l.payout_status
        ? `${payoutWords[l.payout_status] ?? l.payout_status}${
            l.paid_to_last_four && l.paid_to_brand
              ? ` to ${cardLabel(l.paid_to_brand, l.paid_to_last_four)}`
              : ''
          }`
        : captured
          ? 'Scheduled'
          : '-',
      payBackAmount: l.payout_status === 'paid' ? formatUsd(Number(l.payout_cents)) : formatUsd(0),
    };
  });
}

function totalsOf(lines: StatementLine[]): Totals {
  return lines.reduce(
    (t, l) => ({
      charged: t.charged + (l.charge_status === 'captured' ? Number(l.charge_cents) : 0),
      paidBack: t.paidBack + (l.payout_status === 'paid' ? Number(l.payout_cents) : 0),
    }),
    { charged: 0, paidBack: 0 },
  );
}

const columns: [keyof StatementRow, string][] = [
  ['card', 'Card'],
  ['month', 'Month'],
  ['chargedOn', 'Charged on'],
  ['charge', 'Charge'],
  ['chargeAmount', 'Charge amount'],
  ['paidBackOn', 'Paid back on'],
  ['payBack', 'Pay-back'],
  ['payBackAmount', 'Pay-back amount'],
];

export function statementCsv(lines: StatementLine[]): string {
  const rows = rowsOf(lines);
  const t = totalsOf(lines);
  const total = {
    card: 'Total',
    month: '',
    chargedOn: '',
    charge: '',
    chargeAmount: formatUsd(t.charged),
    paidBackOn: '',
    payBack: '',
    payBackAmount: formatUsd(t.paidBack),
  };
  return stringify([...rows, total], {
    header: true,
    columns: columns.map(([key, header]) => ({ key, header })),
  });
}

export function statementPdf(
  lines: StatementLine[],
  r: { year: number; issuer: Issuer; customer: string; now: Date },
): Promise<Buffer> {
  const rows = rowsOf(lines);
  const cards = [...new Set(rows.map((x) => x.card))];
  return pdfBuffer((doc) => {
    letterhead(doc, r.issuer, `Charge & Pay statement ${r.year}`);
    doc.font('Helvetica').fontSize(10).fillColor('#5c6b80');
    doc.text(`For ${r.customer}. Issued ${day(r.now)}. Every $3 charge and its pay-back, side by side.`);
    doc.moveDown();
    if (rows.length === 0)
      doc.fillColor('#0b1f3a').fontSize(11).text(`No Charge & Pay charges in ${r.year}.`);
    const x = [56, 160, 290, 360, 470];
    for (const card of cards) {
      const of = lines.filter((_line, i) => rows[i]?.card === card);
      const t = totalsOf(of);
      if (doc.y > 640) doc.addPage();
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).fillColor('#0b1f3a').text(card, 56);
      doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9).fillColor('#5c6b80');
      const headY = doc.y;
      ['Month', 'Charge', 'Amount', 'Pay-back', 'Amount'].forEach((h, i) => {
        doc.text(h, x[i], headY, { width: 100 });
      });
      doc.moveDown(0.3);
      for (const row of rows.filter((y) => y.card === card)) {
        if (doc.y > 700) doc.addPage();
        const y = doc.y;
        doc.font('Helvetica').fontSize(9).fillColor('#0b1f3a');
        doc.text(row.month, x[0], y, { width: 100 });
        doc.text(row.chargedOn ? `${row.charge} ${row.chargedOn}` : row.charge, x[1], y, { width: 125 });
        doc.text(row.chargeAmount, x[2], y, { width: 65 });
        doc.text(row.paidBackOn ? `${row.payBack} ${row.paidBackOn}` : row.payBack, x[3], y, { width: 105 });
        doc.text(row.payBackAmount, x[4], y, { width: 70 });
        doc.moveDown(0.2);
      }
      doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9);
      doc.text(
        `Charged ${formatUsd(t.charged)} · Paid back ${formatUsd(t.paidBack)} · Still to pay back ${formatUsd(t.charged - t.paidBack)}`,
        56,
      );
    }
    const all = totalsOf(lines);
    doc.moveDown().font('Helvetica-Bold').fontSize(11).fillColor('#0b1f3a');
    doc.text(`Year total: charged ${formatUsd(all.charged)}, paid back ${formatUsd(all.paidBack)}`, 56);
  }, `Pria statement ${r.year}`);
}
