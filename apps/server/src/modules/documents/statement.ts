import { formatDate, formatMonth, formatUsd, type Language } from '@pria/contracts';
import { localeOf } from '@pria/contracts/i18n/format';
import { stringify } from 'csv-stringify/sync';
import type { StatementLine } from './documents.repo.ts';
import {
  cardLabel,
  type DocumentWords,
  documentTranslator,
  type Issuer,
  letterhead,
  pdfBuffer,
} from './receipt-pdf.ts';

/**
 * The yearly statement (issue 19): every $3 charge of the calendar year and its pay-back side by
 * side, per card, with totals. The same lines make the PDF and the CSV.
 */
const day = (d: Date | null, t: DocumentWords) => (d ? formatDate(d, 'numeric', localeOf[t.language]) : '');
const month = (period: string, t: DocumentWords) => formatMonth(period, 'long', localeOf[t.language]);

type DocumentWordId = Parameters<DocumentWords>[0];
const chargeWords: Record<string, DocumentWordId> = {
  captured: 'charge.captured',
  declined: 'charge.declined',
  missed: 'charge.missed',
  submitted: 'charge.processing',
  unknown: 'charge.processing',
  created: 'charge.processing',
};
const payoutWords: Record<string, DocumentWordId> = {
  paid: 'payBack.paid',
  pending: 'payBack.scheduled',
  submitted: 'payBack.processing',
  unknown: 'payBack.processing',
  failed: 'payBack.retrying',
  returned: 'payBack.returned',
};
const word = (t: DocumentWords, words: Record<string, DocumentWordId>, status: string) => {
  const id = words[status];
  return id ? t(id) : status;
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

function rowsOf(lines: StatementLine[], t: DocumentWords): StatementRow[] {
  return lines.map((l) => {
    const captured = l.charge_status === 'captured';
    const payBack = l.payout_status ? word(t, payoutWords, l.payout_status) : null;
    return {
      card: cardLabel(l.brand, l.last_four, t),
      month: month(l.period, t),
      chargedOn: captured ? day(l.charged_at, t) : '',
      charge:
        l.charge_status === 'declined' && l.reason
          ? t('statement.declined', { reason: l.reason })
          : word(t, chargeWords, l.charge_status),
      chargeAmount: captured ? formatUsd(Number(l.charge_cents)) : formatUsd(0),
      paidBackOn: l.payout_status === 'paid' ? day(l.paid_at, t) : '',
      payBack:
        payBack !== null
          ? l.paid_to_last_four && l.paid_to_brand
            ? t('statement.payBackTo', {
                status: payBack,
                card: cardLabel(l.paid_to_brand, l.paid_to_last_four, t),
              })
            : payBack
          : captured
            ? t('payBack.scheduled')
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

const columns: [keyof StatementRow, DocumentWordId][] = [
  ['card', 'csv.card'],
  ['month', 'csv.month'],
  ['chargedOn', 'csv.chargedOn'],
  ['charge', 'csv.charge'],
  ['chargeAmount', 'csv.chargeAmount'],
  ['paidBackOn', 'csv.paidBackOn'],
  ['payBack', 'csv.payBack'],
  ['payBackAmount', 'csv.payBackAmount'],
];

/** The CSV in the reader's language, its column names included (issue 42: a Spanish reader's spreadsheet). */
export function statementCsv(lines: StatementLine[], lang: Language = 'en'): string {
  const words = documentTranslator(lang);
  const rows = rowsOf(lines, words);
  const t = totalsOf(lines);
  const total = {
    card: words('csv.total'),
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
    columns: columns.map(([key, header]) => ({ key, header: words(header) })),
  });
}

export function statementPdf(
  lines: StatementLine[],
  r: { year: number; issuer: Issuer; customer: string; now: Date; lang?: Language },
): Promise<Buffer> {
  const t = documentTranslator(r.lang ?? 'en');
  const year = String(r.year);
  const rows = rowsOf(lines, t);
  const cards = [...new Set(rows.map((x) => x.card))];
  return pdfBuffer(
    (doc) => {
      letterhead(doc, r.issuer, t('statement.title', { year }));
      doc.font('Helvetica').fontSize(10).fillColor('#5c6b80');
      doc.text(t('statement.intro', { customer: r.customer, date: day(r.now, t) }));
      doc.moveDown();
      if (rows.length === 0) doc.fillColor('#0b1f3a').fontSize(11).text(t('statement.none', { year }));
      const x = [56, 160, 290, 360, 470];
      for (const card of cards) {
        const of = lines.filter((_line, i) => rows[i]?.card === card);
        const sums = totalsOf(of);
        if (doc.y > 640) doc.addPage();
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).fillColor('#0b1f3a').text(card, 56);
        doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9).fillColor('#5c6b80');
        const headY = doc.y;
        const heads = [
          t('statement.head.month'),
          t('statement.head.charge'),
          t('statement.head.amount'),
          t('statement.head.payBack'),
          t('statement.head.amount'),
        ];
        heads.forEach((h, i) => {
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
          doc.text(row.paidBackOn ? `${row.payBack} ${row.paidBackOn}` : row.payBack, x[3], y, {
            width: 105,
          });
          doc.text(row.payBackAmount, x[4], y, { width: 70 });
          doc.moveDown(0.2);
        }
        doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9);
        doc.text(
          t('statement.cardTotals', {
            charged: formatUsd(sums.charged),
            paidBack: formatUsd(sums.paidBack),
            left: formatUsd(sums.charged - sums.paidBack),
          }),
          56,
        );
      }
      const all = totalsOf(lines);
      doc.moveDown().font('Helvetica-Bold').fontSize(11).fillColor('#0b1f3a');
      doc.text(
        t('statement.yearTotal', { charged: formatUsd(all.charged), paidBack: formatUsd(all.paidBack) }),
        56,
      );
    },
    t('statement.docTitle', { year }),
  );
}
