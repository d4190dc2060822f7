import { PDFParse } from 'pdf-parse';

/** The text of a PDF, for tests that read a receipt or a statement as a person would. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
