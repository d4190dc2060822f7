import type { Language } from '../languages.ts';
import { formatUsd } from '../money.ts';
import { recurringDisclosureVersion } from './recurring-version.ts';

/**
 * The automatic-renewal terms shown beside the checkout's pay button, before payment
 * (California's automatic renewal law, Bus. & Prof. Code § 17602: the price, how often it is
 * charged, that it continues until cancelled, and how to cancel, "clear and conspicuous" and
 * in visual proximity to the request for consent). One text, one version: #32 records the
 * version a customer agreed to as a consent, so a change of words is a new version.
 */
export const recurringDisclosure = {
  version: recurringDisclosureVersion,
  /**
   * The terms in the reader's language (issue 42): the Spanish is a translation of the same version,
   * as the legal pages' is, and the English governs (the terms of service say so). `renewsOn` comes
   * written by the calendar in the same language.
   */
  text(
    p: { planName: string; totalCents: number; intervalCount: number; renewsOn: string },
    language: Language = 'en',
  ): string {
    const total = formatUsd(p.totalCents);
    if (language === 'es') {
      const every = p.intervalCount === 1 ? 'cada mes' : `cada ${p.intervalCount} meses`;
      return (
        `Su plan ${p.planName} se renueva automáticamente: ${total} (impuestos incluidos) ` +
        `${every}, con cargo a esta tarjeta, la próxima vez el ${p.renewsOn}, hasta que lo cancele. ` +
        'Cancélelo en cualquier momento en línea en Configuración de la cuenta → Suscripción antes de la ' +
        'fecha de renovación; su plan sigue activo hasta el final del período que pagó. ' +
        'Los cargos mensuales de $3 de Cargo y Abono en sus tarjetas se le abonan el día 2 del mes siguiente.'
      );
    }
    const every = p.intervalCount === 1 ? 'every month' : `every ${p.intervalCount} months`;
    return (
      `Your ${p.planName} plan renews automatically: ${total} (including taxes) ` +
      `${every}, charged to this card, next on ${p.renewsOn}, until you cancel. ` +
      'Cancel anytime online in Account Settings → Subscription before the renewal date; ' +
      'your plan then stays active until the end of the period you paid for. ' +
      'The monthly $3 Charge & Pay charges on your cards are paid back on the 2nd of the next month.'
    );
  },
};
