import { z } from 'zod';
import { type DataExportView, dataExportStatuses } from './data-export.ts';
import {
  type ConsentRecordView,
  type ConsentsView,
  consentContexts,
  legalDocumentIds,
} from './legal/documents.ts';
import { type Progress, progressMonthStates } from './progress.ts';
import type { PushDevice, PushSettings } from './push.ts';

/**
 * The answers of issue 32's operations as zod schemas (the API document and the response check),
 * kept out of the word files so the screens that import the words do not pull zod. Each is tied
 * to its TypeScript interface: a schema that drifts from the view the server builds fails to
 * type-check.
 */
const totals = {
  months: z.number().int(),
  chargedCents: z.number().int(),
  paidBackCents: z.number().int(),
  onTimeRun: z.number().int(),
};

export const progressView: z.ZodType<Progress> = z.object({
  ...totals,
  cards: z.array(
    z.object({
      ...totals,
      cardId: z.string(),
      brand: z.string(),
      lastFour: z.string(),
      removed: z.boolean(),
      history: z.array(
        z.object({
          period: z.string(),
          state: z.enum(progressMonthStates),
          chargedCents: z.number().int(),
          paidBackCents: z.number().int(),
          chargedAt: z.string().nullable(),
          paidBackAt: z.string().nullable(),
          reason: z.string().nullable(),
          dispute: z.enum(['open', 'won', 'lost']).nullable(),
        }),
      ),
    }),
  ),
});

export const pushDeviceView: z.ZodType<PushDevice> = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});

export const pushSettingsView: z.ZodType<PushSettings> = z.object({
  publicKey: z.string().nullable(),
  devices: z.array(pushDeviceView),
});

export const dataExportView: z.ZodType<DataExportView> = z.object({
  id: z.string(),
  status: z.enum(dataExportStatuses),
  progress: z.number(),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
});

export const consentRecordView: z.ZodType<ConsentRecordView> = z.object({
  id: z.number().int(),
  document: z.enum(legalDocumentIds),
  version: z.string(),
  context: z.enum(consentContexts),
  acceptedAt: z.string(),
  ip: z.string().nullable(),
  card: z.string().nullable(),
});

export const consentsView: z.ZodType<ConsentsView> = z.object({
  documents: z.array(
    z.object({
      id: z.enum(legalDocumentIds),
      title: z.string(),
      url: z.string(),
      version: z.string(),
      summary: z.string(),
      accepted: z.boolean(),
      pending: z.boolean(),
    }),
  ),
  records: z.array(consentRecordView),
});
