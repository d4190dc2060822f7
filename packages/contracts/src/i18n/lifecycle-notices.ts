import { defineCatalog } from './format.ts';

/**
 * The subscription-lifecycle notices (apps/server/src/modules/notifications/notice-messages.ts):
 * renewal reminders, expiring cards, cancellation, pause and its end, plan changes, in the
 * account's language (ADR 74). Words: docs/glossary-es.md (Charge & Pay is *Cargo y Abono*; the
 * $3 paid back, *abono*). Some English sentences keep their old quirks ("tax included,." with no
 * card): the English bytes do not change with this catalog.
 */
export const lifecycleNotices = defineCatalog({
  en: {
    'greeting.named': 'Hi {firstName},',
    'greeting.anonymous': 'Hello,',
    why: 'You get this email about your Pria subscription and cards.',
    settings: 'Notification settings: {link}',
    settingsLink: 'Notification settings',
    fraudNotice:
      'Pria will never ask for your account number, SSN, name, address or password by email or text message.',
    'label.plan': 'Plan',
    'label.amount': 'Amount',
    'label.renewsOn': 'Renews on',
    'label.card': 'Card',
    'label.cancelOnline': 'Cancel online',
    'label.nextCharge': 'Next charge',
    'label.activeUntil': 'Active until',
    'label.stillToPayBack': 'Still to pay back',
    'label.noChargeFrom': 'No $3 charge from',
    'label.nextSmallCharge': 'Next $3 charge',
    'label.endsOn': 'Ends on',
    'label.planUntilThen': 'Plan until then',
    'label.renewsAs': 'Renews as',
    'label.newPlan': 'New plan',
    'label.startsOn': 'Starts on',
    'label.amountThen': 'Amount then',
    'value.taxIncluded': '{amount} (tax included)',
    'value.chargeAt': '{day}, 4pm New York time',
    cardEnding: '{brand} ending {lastFour}',
    'payBack.returned':
      '{amount}{hasCard, select, yes { to your {card}} other {}}, which could not take it: Pria support sends it to another of your cards',
    'payBack.due': '{amount}{hasCard, select, yes { to your {card}} other {}} on {day}',
    'renewal.asNext':
      'Your {planName} plan stays in force until {day}; on {day} it renews as {next}, as you chose, when we will charge {amount}, tax included,{hasCard, select, yes { to your {card}} other {}}.',
    'renewal.asNextSms': 'your plan will renew as {next} on {shortDay} for {amount}.',
    'renewal.same':
      'Your {planName} plan renews on {day}, when we will charge {amount}, tax included,{hasCard, select, yes { to your {card}} other {}}.',
    'renewal.sameSms': 'your {planName} plan will renew on {shortDay} for {amount}.',
    'reminder.subject': 'Your Pria subscription renews on {day}',
    'reminder.lead':
      'Your Pria {planName} plan renews on {day}. We will charge {amount}, tax included,{hasCard, select, yes { to your {card}} other {}}. If you do not want it to renew, cancel online before then: {link} (your plan stays active until {day}).',
    'reminder.sms':
      'Pria: your {planName} plan renews {shortDay} for {amount}{hasCard, select, yes { on {smsCard}} other {}}. To cancel: {link}',
    'cardExpiring.subject': 'Your {card} will have expired by our next charge',
    'cardExpiring.lead':
      'Your {card} will have expired by our next Charge & Pay charge on {day}, so that charge would be declined. Update its expiry date or add another card: {link}',
    'cardExpiring.sms': 'Pria: {smsCard} will have expired by our charge on {shortDay}. Update it: {link}',
    'fundingExpiring.subject': 'The card that pays for your subscription expires before it renews',
    'fundingExpiring.lead':
      'Your {card} pays for your {planName} plan, but it will have expired by the renewal on {day}. Choose another funding card so your plan renews: {link}',
    'fundingExpiring.sms': 'Pria: {smsCard} expires before your plan renews on {shortDay}. Change it: {link}',
    'cancelled.subject': 'Your Pria subscription is cancelled',
    'cancelled.lead':
      '{by, select, pria {Pria cancelled} other {You cancelled}} your Pria {planName} plan.{by, select, pria { Our team made this change on your account; if you did not ask for it, reply to this email.} other {}} It will not renew. It stays active until {day}, the end of the period you paid for: the monthly $3.00 Charge & Pay charges continue until then, and every $3.00 we charge is paid back to the same card on the 2nd.{owed, plural, =0 {} one { We still owe you {payBacks}: it is paid back all the same.} other { We still owe you {payBacks}: they are paid back all the same.}} After {day} there are no more charges. Changed your mind? Keep your subscription before {day}: {link}',
    'cancelled.sms':
      'Pria: your {planName} plan is cancelled and ends {shortDay}; $3 charges continue until then and are paid back.',
    'paused.subject':
      '{by, select, pria {Pria paused Charge & Pay on your plan} other {You paused Charge & Pay}}',
    'paused.lead':
      '{by, select, pria {Pria paused} other {You paused}} Charge & Pay on your Pria {planName} plan.{by, select, pria { Our team made this change on your account; if you did not ask for it, reply to this email.} other {}} While it is paused we do not charge your cards the monthly $3.00, starting with the charge on {nextDay}, and your plan does not renew. Every $3.00 already charged is still paid back to the same card on the 2nd. Your plan stays active until {day}; if it is still paused then, it ends. Turn Charge & Pay back on at any time before then: {link}',
    'paused.sms':
      'Pria: Charge & Pay is paused: no $3 charges from {shortDay} and no renewal. Charges made are still paid back.',
    'unpaused.subject': 'Charge & Pay is back on',
    'unpaused.head':
      '{by, select, pria {Pria turned} other {You turned}} Charge & Pay back on for your Pria {planName} plan.{by, select, pria { Our team made this change on your account; if you did not ask for it, reply to this email.} other {}}',
    'unpaused.next': 'Your next $3.00 Charge & Pay charge is on {day}.',
    'unpaused.renews': 'Your plan renews on {day}.',
    'unpaused.endedWhilePaused':
      'Your plan was paused on its end date, {day}, so it ended then and does not renew: you can buy it again on your subscription page.',
    'unpaused.ends': 'Your plan is cancelled and ends on {day}.',
    'unpaused.sms':
      'Pria: Charge & Pay is back on.{hasNext, select, yes { Next $3 charge {nextShortDay}.} other {}}{hasNewPlan, select, yes { Renews as {next} {renewShortDay}.} other {}}',
    'calledOff.subject': 'Your plan stays {planName}',
    'calledOff.lead':
      'You called off {hasCalledOff, select, yes {the change to {calledOff}} other {the change to another plan}}. Your Pria {planName} plan renews on {day}, when we will charge {amount}, tax included,{hasCard, select, yes { to your {card}} other {}}.{paused, select, yes { Your plan is paused: this happens only if you turn Charge & Pay back on before then.} other {}} Nothing was charged today.',
    'calledOff.sms': 'Pria: your plan stays {planName}; it renews {shortDay} for {amount}.',
    'planChanged.subject': 'Your plan changes to {next} on {day}',
    'planChanged.lead':
      'Your plan changes to {next} on {day}. Nothing was charged today: your {planName} plan stays in force until then. On {day} we will charge {amount}, tax included,{hasCard, select, yes { to your {card}} other {}}, for {months, number} months of {next}, and it renews every {months, number} months after that until you cancel.{paused, select, yes { Your plan is paused: this happens only if you turn Charge & Pay back on before then.} other {}} To change your mind or cancel before then: {link}',
    'planChanged.sms':
      'Pria: your plan changes to {next} on {shortDay}: {amount} then. Nothing charged today.',
    'resumed.subject': 'Your Pria subscription will renew',
    'resumed.kept': 'You kept your Pria subscription.',
    'resumed.keptSame':
      'You kept your Pria {planName} plan: it renews on {day}, when we will charge {amount}, tax included,{hasCard, select, yes { to your {card}} other {}}.',
  },
  es: {
    'greeting.named': 'Hola, {firstName}:',
    'greeting.anonymous': 'Hola:',
    why: 'Recibe este correo sobre su suscripción y sus tarjetas de Pria.',
    settings: 'Configuración de notificaciones: {link}',
    settingsLink: 'Configuración de notificaciones',
    fraudNotice:
      'Pria nunca le pedirá su número de cuenta, su número de Seguro Social, su nombre, su dirección ni su contraseña por correo electrónico ni por mensaje de texto.',
    'label.plan': 'Plan',
    'label.amount': 'Importe',
    'label.renewsOn': 'Se renueva el',
    'label.card': 'Tarjeta',
    'label.cancelOnline': 'Cancelar en línea',
    'label.nextCharge': 'Próximo cargo',
    'label.activeUntil': 'Activo hasta',
    'label.stillToPayBack': 'Abono pendiente',
    'label.noChargeFrom': 'Sin cargo de $3 desde',
    'label.nextSmallCharge': 'Próximo cargo de $3',
    'label.endsOn': 'Termina el',
    'label.planUntilThen': 'Plan hasta entonces',
    'label.renewsAs': 'Se renueva como',
    'label.newPlan': 'Plan nuevo',
    'label.startsOn': 'Empieza el',
    'label.amountThen': 'Importe entonces',
    'value.taxIncluded': '{amount} (impuestos incluidos)',
    'value.chargeAt': '{day}, 4:00 p.m., hora de Nueva York',
    cardEnding: '{brand} terminada en {lastFour}',
    'payBack.returned':
      '{amount}{hasCard, select, yes { a su {card}} other {}}, que no pudo recibirlo: el equipo de ayuda de Pria lo envía a otra de sus tarjetas',
    'payBack.due': '{amount}{hasCard, select, yes { a su {card}} other {}} el {day}',
    'renewal.asNext':
      'Su plan {planName} sigue vigente hasta el {day}; el {day} se renueva como plan {next}, como usted eligió, y le cobraremos {amount}, impuestos incluidos{hasCard, select, yes {, a su {card}} other {}}.',
    'renewal.asNextSms': 'su plan se renovará como plan {next} el {shortDay} por {amount}.',
    'renewal.same':
      'Su plan {planName} se renueva el {day} y le cobraremos {amount}, impuestos incluidos{hasCard, select, yes {, a su {card}} other {}}.',
    'renewal.sameSms': 'su plan {planName} se renovará el {shortDay} por {amount}.',
    'reminder.subject': 'Su suscripción de Pria se renueva el {day}',
    'reminder.lead':
      'Su plan {planName} de Pria se renueva el {day}. Le cobraremos {amount}, impuestos incluidos{hasCard, select, yes {, a su {card}} other {}}. Si no quiere que se renueve, cancélelo en línea antes de esa fecha: {link} (su plan sigue activo hasta el {day}).',
    'reminder.sms':
      'Pria: su plan {planName} se renueva el {shortDay} por {amount}{hasCard, select, yes { en su {smsCard}} other {}}. Para cancelar: {link}',
    'cardExpiring.subject': 'Su {card} habrá vencido antes de nuestro próximo cargo',
    'cardExpiring.lead':
      'Su {card} habrá vencido antes de nuestro próximo cargo de Cargo y Abono, el {day}, así que ese cargo sería rechazado. Actualice su fecha de vencimiento o agregue otra tarjeta: {link}',
    'cardExpiring.sms':
      'Pria: su {smsCard} habrá vencido antes de nuestro cargo del {shortDay}. Actualícela: {link}',
    'fundingExpiring.subject': 'La tarjeta que paga su suscripción vence antes de la renovación',
    'fundingExpiring.lead':
      'Su {card} paga su plan {planName}, pero habrá vencido antes de la renovación del {day}. Elija otra tarjeta que pague el plan para que se renueve: {link}',
    'fundingExpiring.sms':
      'Pria: su {smsCard} vence antes de que su plan se renueve el {shortDay}. Cámbiela: {link}',
    'cancelled.subject': 'Su suscripción de Pria está cancelada',
    'cancelled.lead':
      '{by, select, pria {Pria canceló} other {Usted canceló}} su plan {planName} de Pria.{by, select, pria { Nuestro equipo hizo este cambio en su cuenta; si usted no lo pidió, responda a este correo.} other {}} No se renovará. Sigue activo hasta el {day}, el final del período que pagó: los cargos mensuales de $3.00 de Cargo y Abono continúan hasta entonces, y cada $3.00 que cobramos se le abona a la misma tarjeta el día 2.{owed, plural, =0 {} one { Todavía le debemos {payBacks}: se le abona de todos modos.} other { Todavía le debemos {payBacks}: se le abonan de todos modos.}} Después del {day} no hay más cargos. ¿Cambió de opinión? Conserve su suscripción antes del {day}: {link}',
    'cancelled.sms':
      'Pria: su plan {planName} está cancelado y termina el {shortDay}; los cargos de $3 continúan hasta entonces y se le abonan.',
    'paused.subject':
      '{by, select, pria {Pria pausó Cargo y Abono en su plan} other {Usted pausó Cargo y Abono}}',
    'paused.lead':
      '{by, select, pria {Pria pausó} other {Usted pausó}} Cargo y Abono en su plan {planName} de Pria.{by, select, pria { Nuestro equipo hizo este cambio en su cuenta; si usted no lo pidió, responda a este correo.} other {}} Mientras esté en pausa, no cobramos a sus tarjetas el cargo mensual de $3.00, a partir del cargo del {nextDay}, y su plan no se renueva. Cada $3.00 ya cobrado se le sigue abonando a la misma tarjeta el día 2. Su plan sigue activo hasta el {day}; si para entonces sigue en pausa, termina. Reanude Cargo y Abono en cualquier momento antes de esa fecha: {link}',
    'paused.sms':
      'Pria: Cargo y Abono está en pausa: sin cargos de $3 desde el {shortDay} y sin renovación. Los cargos ya hechos se le siguen abonando.',
    'unpaused.subject': 'Cargo y Abono está activo de nuevo',
    'unpaused.head':
      '{by, select, pria {Pria reanudó} other {Usted reanudó}} Cargo y Abono en su plan {planName} de Pria.{by, select, pria { Nuestro equipo hizo este cambio en su cuenta; si usted no lo pidió, responda a este correo.} other {}}',
    'unpaused.next': 'Su próximo cargo de $3.00 de Cargo y Abono es el {day}.',
    'unpaused.renews': 'Su plan se renueva el {day}.',
    'unpaused.endedWhilePaused':
      'Su plan estaba en pausa en su fecha de fin, el {day}, así que terminó entonces y no se renueva: puede volver a comprarlo en la página de su suscripción.',
    'unpaused.ends': 'Su plan está cancelado y termina el {day}.',
    'unpaused.sms':
      'Pria: Cargo y Abono está activo de nuevo.{hasNext, select, yes { Próximo cargo de $3: {nextShortDay}.} other {}}{hasNewPlan, select, yes { Se renueva como plan {next} el {renewShortDay}.} other {}}',
    'calledOff.subject': 'Su plan sigue siendo {planName}',
    'calledOff.lead':
      'Usted anuló {hasCalledOff, select, yes {el cambio al plan {calledOff}} other {el cambio a otro plan}}. Su plan {planName} de Pria se renueva el {day} y le cobraremos {amount}, impuestos incluidos{hasCard, select, yes {, a su {card}} other {}}.{paused, select, yes { Su plan está en pausa: esto solo ocurre si reanuda Cargo y Abono antes de esa fecha.} other {}} Hoy no se cobró nada.',
    'calledOff.sms': 'Pria: su plan sigue siendo {planName}; se renueva el {shortDay} por {amount}.',
    'planChanged.subject': 'Su suscripción cambia al plan {next} el {day}',
    'planChanged.lead':
      'Su suscripción cambia al plan {next} el {day}. Hoy no se cobró nada: su plan {planName} sigue vigente hasta entonces. El {day} le cobraremos {amount}, impuestos incluidos{hasCard, select, yes {, a su {card}} other {}}, por {months, number} meses del plan {next}, y se renueva cada {months, number} meses después de eso hasta que lo cancele.{paused, select, yes { Su plan está en pausa: esto solo ocurre si reanuda Cargo y Abono antes de esa fecha.} other {}} Para cambiar de opinión o cancelar antes de esa fecha: {link}',
    'planChanged.sms':
      'Pria: su suscripción cambia al plan {next} el {shortDay}: {amount} entonces. Hoy no se cobró nada.',
    'resumed.subject': 'Su suscripción de Pria se renovará',
    'resumed.kept': 'Usted conservó su suscripción de Pria.',
    'resumed.keptSame':
      'Usted conservó su plan {planName} de Pria: se renueva el {day} y le cobraremos {amount}, impuestos incluidos{hasCard, select, yes {, a su {card}} other {}}.',
  },
});
