import { type AnyCardBrand, brandDisplayNames, formatDate, formatUsd, receiptLabel } from '@pria/contracts';
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

export const cardLabel = (brand: string, lastFour: string) =>
  `${brandDisplayNames[brand as AnyCardBrand] ?? brand} ending ${lastFour}`;

/**
 * A plan charge's receipt: number, date (New York), plan, price, tax, total, card brand and last
 * four, the customer, and Pria's legal name and address. No other card data exists to print.
 */
export function receiptPdf(r: ReceiptRow, issuer: Issuer): Promise<Buffer> {
  const number = receiptLabel(r.number);
  const date = formatDate(r.issued_at);
  const total = Number(r.amount_cents);
  const price = r.price_cents === null ? total : Number(r.price_cents);
  const tax = total - price;
  const percent = r.tax_basis_points === null ? null : (r.tax_basis_points / 100).toFixed(2);
  const who = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return pdfBuffer((doc) => {
    if (r.kind === 'refund') {
      letterhead(doc, issuer, `Refund receipt ${number}`);
      row(doc, 'Receipt number', number);
      row(doc, 'Date', date);
      row(doc, 'Refunded to', [who, r.email].filter(Boolean).join(', ') || '-');
      row(doc, 'Plan', r.plan_name ? `${r.plan_name} plan` : r.description);
      row(
        doc,
        'Original charge',
        `${formatUsd(Number(r.charge_amount_cents ?? 0))}${r.charge_receipt ? ` (receipt ${receiptLabel(r.charge_receipt)})` : ''}`,
      );
      row(doc, 'Refunded', formatUsd(total), true);
      row(doc, 'Refunded to card', cardLabel(r.brand, r.last_four));
      return;
    }
    letterhead(doc, issuer, `Receipt ${number}`);
    row(doc, 'Receipt number', number);
    row(doc, 'Date', date);
    row(doc, 'Billed to', [who, r.email].filter(Boolean).join(', ') || '-');
    row(doc, 'Plan', r.plan_name ? `${r.plan_name} plan` : r.description);
    row(doc, 'Price', formatUsd(price));
    row(doc, percent ? `Tax (${percent}%)` : 'Tax', formatUsd(tax));
    row(doc, 'Total', formatUsd(total), true);
    row(doc, 'Paid with', cardLabel(r.brand, r.last_four));
    doc.moveDown(1.5).font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(
      `${issuer.name}, ${issuer.address}. Questions about this receipt: contact Pria support from your account. ` +
        'The monthly $3 Charge & Pay charges are not part of this amount: they are listed, with their pay-backs, in your yearly statement.',
      56,
      doc.y,
      { width: 500 },
    );
  }, `Pria receipt ${number}`);
}
