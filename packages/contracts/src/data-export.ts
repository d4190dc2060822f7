export const dataExportStatuses = [
  'queued',
  'preparing',
  'ready',
  'downloaded',
  'expired',
  'failed',
] as const;

/** "Download my data" (issue 32): a request as the customer sees it. */
export interface DataExportView {
  id: string;
  status: (typeof dataExportStatuses)[number];
  /** 0–100 while it is prepared. */
  progress: number;
  requestedAt: string;
  readyAt: string | null;
  /** The download link works until then (7 days after it was ready). */
  expiresAt: string | null;
  downloadedAt: string | null;
}

/** How long a prepared file can be downloaded, and how often one may be requested. */
export const DATA_EXPORT_DAYS = 7;
export const DATA_EXPORT_MIN_HOURS_BETWEEN = 24;

export const dataExportMessages = {
  requested: "We're preparing your data. We'll email you when it's ready to download.",
  alreadyPreparing: 'Your data is already being prepared.',
  tooSoon: `You can request your data once every ${DATA_EXPORT_MIN_HOURS_BETWEEN} hours. Please try again later.`,
  linkInvalid: 'This download link has expired or was already used. Request your data again.',
} as const;
