/**
 * The catalogs' check (`npm run i18n:check`, part of `npm run lint`; ADR 73), after `lingui check
 * sync --clean` has held them to the code (a message added, changed or removed in the code and not
 * extracted fails there). Here, for every language: no message without a translation (English, the
 * source, reads its own words) and every message valid ICU (a broken plural or placeholder fails
 * here, not in a reader's browser).
 *   npm run i18n:check
 */
import path from 'node:path';
import { createCompilationErrorMessage, createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const config = getConfig({ configPath: path.resolve(import.meta.dirname, '../lingui.config.ts') });
const failures: string[] = [];
for (const catalog of await getCatalogs(config)) {
  for (const locale of config.locales) {
    const { messages, missing } = await catalog.getTranslations(locale, {
      sourceLocale: config.sourceLocale,
      fallbackLocales: config.fallbackLocales,
      missingBehavior: 'resolved',
    });
    for (const { id, source } of missing)
      failures.push(`${locale}: no translation for ${JSON.stringify(source ?? id)}`);
    const { errors } = createCompiledCatalog(locale, messages, { namespace: 'es' });
    if (errors.length) failures.push(createCompilationErrorMessage(locale, errors));
  }
}
if (failures.length) {
  console.error(`Message catalogs:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(`Message catalogs: every message translated in ${config.locales.join(', ')} and valid ICU.`);
}
