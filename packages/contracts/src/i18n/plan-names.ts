import type { Language } from '../language.ts';
import { defineCatalog, formatMessage } from './format.ts';

/**
 * The plans' names in the reader's language, by plan id (issue 42, ADR 74). The English name is
 * exactly the plans table's `name` (a database test holds every row to it, so a plan added
 * without its Spanish fails CI). Two forms: the name on its own (the API's `name`, a receipt's
 * "Plan Anual", a detail's value) and the name inside a sentence, lower-case in Spanish as the
 * glossary writes it ("su plan anual", "Renovación del plan semestral"); in English the two are
 * the same words.
 */
export const planNames = defineCatalog({
  en: {
    annual: 'Annual',
    'annual.inSentence': 'Annual',
    'semi-annual': 'Semi-Annual',
    'semi-annual.inSentence': 'Semi-Annual',
  },
  es: {
    annual: 'Anual',
    'annual.inSentence': 'anual',
    'semi-annual': 'Semestral',
    'semi-annual.inSentence': 'semestral',
  },
});

type PlanNameId = keyof typeof planNames.en;

/** How the name is written: on its own ("Anual"), or inside a sentence ("su plan anual"). */
export type PlanNameForm = 'name' | 'inSentence';

const isPlanNameId = (id: string): id is PlanNameId => Object.hasOwn(planNames.en, id);

/**
 * The one rule for a plan's name a customer reads: the catalog's, by the plan's id, in the
 * reader's language; a plan the catalog does not know (or no id) keeps the name stored with it.
 * Staff read the stored (English) name and never call this.
 */
export function planName(
  planId: string | null | undefined,
  language: Language,
  storedName: string,
  form: PlanNameForm = 'name',
): string {
  if (!planId) return storedName;
  const id = form === 'inSentence' ? `${planId}.inSentence` : planId;
  return isPlanNameId(id) ? formatMessage(planNames, language, id) : storedName;
}

/**
 * The plan a stored English name is the name of: messages built from rows and notices kept as
 * data (customer_notices) carry the plan's name as the plans table had it, and the catalog's
 * English is that name (the database test), so it finds the id; null for a name it does not know.
 */
function planIdNamed(storedName: string): string | null {
  const found = Object.entries(planNames.en).find(([id, name]) => !id.includes('.') && name === storedName);
  return found ? found[0] : null;
}

/**
 * A name the message only has as stored (no id at hand), in the reader's language, by the same
 * rule: `planName` of the plan it names; an unknown name stays as stored.
 */
export function planNameFromStored(
  storedName: string,
  language: Language,
  form: PlanNameForm = 'name',
): string {
  return planName(planIdNamed(storedName), language, storedName, form);
}
