/** "Download my data" (issue 32): a customer's copy of everything Pria holds about them. */

export { discardDataExports } from './data-export.repo.ts';
export { dataExportRoutes as registerDataExportRoutes } from './data-export.routes.ts';
export { startDataExportWorker } from './data-export.worker.ts';
export { type DataExportDeps, prepareDueDataExports } from './prepare-data-export.ts';
