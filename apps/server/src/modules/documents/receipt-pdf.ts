import {
  type AnyCardBrand,
  brandDisplayNames,
  formatDate,
  formatUsd,
  type Language,
  receiptLabel,
} from '@pria/contracts';
import { documentWords } from '@pria/contracts/i18n/documents';
import { localeOf, type Translator, translator } from '@pria/contracts/i18n/format';
import { planName } from '@pria/contracts/i18n/plan-names';
import PDFDocument from 'pdfkit';
import type { ReceiptRow } from './documents.repo.ts';

export interface Issuer {
  name: string;
  address: string;
}

const NAVY = '#0b1f3a';
const MUTED = '#5c6b80';

/** A PDF rendered into memory (receipts are one page). */
export async function pdfBuffer(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title, Author: 'Pria' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export function letterhead(doc: PDFKit.PDFDocument, issuer: Issuer, title: string) {
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(22).text('Pria');
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(issuer.name).text(issuer.address);
  doc.moveDown(1.5).fillColor(NAVY).font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown(0.5);
}

function row(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(label, 56, y, { width: 200 });
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fillColor(NAVY)
    .text(value, 256, y, { width: 300, align: 'right' });
  doc.moveDown(0.4);
}

/** The document's words in the reader's language (ADR 74). */
export type DocumentWords = Translator<keyof (typeof documentWords)['en']>;
export const documentTranslator = (lang: Language): DocumentWords => translator(documentWords, lang);

export const cardLabel = (brand: string, lastFour: string, t: DocumentWords = documentTranslator('en')) =>
  t('card', { brand: brandDisplayNames[brand as AnyCardBrand] ?? brand, lastFour });

/**
 * A plan charge's receipt: number, date (New York), plan, price, tax, total, card brand and last
 * four, the customer, and Pria's legal name and address. No other card data exists to print.
 */
export function receiptPdf(r: ReceiptRow, issuer: Issuer, lang: Language = 'en'): Promise<Buffer> {
  const t = documentTranslator(lang);
  const number = receiptLabel(r.number);
  const date = formatDate(r.issued_at, 'long', localeOf[lang]);
  const total = Number(r.amount_cents);
  const price = r.price_cents === null ? total : Number(r.price_cents);
  const tax = total - price;
  const percent = r.tax_basis_points === null ? null : (r.tax_basis_points / 100).toFixed(2);
  const who = [r.first_name, r.last_name].filter(Boolean).join(' ');
  const plan = r.plan_name
    ? t('receipt.planName', { planName: planName(r.plan_id, lang, r.plan_name) })
    : r.description;
  return pdfBuffer(
    (doc) => {
      if (r.kind === 'refund') {
        letterhead(doc, issuer, t('receipt.refundTitle', { number }));
        row(doc, t('receipt.number'), number);
        row(doc, t('receipt.date'), date);
        row(doc, t('receipt.refundedTo'), [who, r.email].filter(Boolean).join(', ') || '-');
        row(doc, t('receipt.plan'), plan);
        row(
          doc,
          t('receipt.originalCharge'),
          t('receipt.originalChargeValue', {
            amount: formatUsd(Number(r.charge_amount_cents ?? 0)),
            hasReceipt: r.charge_receipt ? 'yes' : 'no',
            receipt: r.charge_receipt ? receiptLabel(r.charge_receipt) : '',
          }),
        );
        row(doc, t('receipt.refunded'), formatUsd(total), true);
        row(doc, t('receipt.refundedToCard'), cardLabel(r.brand, r.last_four, t));
        return;
      }
      letterhead(doc, issuer, t('receipt.title', { number }));
      row(doc, t('receipt.number'), number);
      row(doc, t('receipt.date'), date);
      row(doc, t('receipt.billedTo'), [who, r.email].filter(Boolean).join(', ') || '-');
      row(doc, t('receipt.plan'), plan);
      row(doc, t('receipt.price'), formatUsd(price));
      row(doc, percent ? t('receipt.taxPercent', { percent }) : t('receipt.tax'), formatUsd(tax));
      row(doc, t('receipt.total'), formatUsd(total), true);
      row(doc, t('receipt.paidWith'), cardLabel(r.brand, r.last_four, t));
      doc.moveDown(1.5).font('Helvetica').fontSize(9).fillColor(MUTED);
      doc.text(t('receipt.footer', { issuerName: issuer.name, issuerAddress: issuer.address }), 56, doc.y, {
        width: 500,
      });
    },
    t('receipt.docTitle', { number }),
  );
}
