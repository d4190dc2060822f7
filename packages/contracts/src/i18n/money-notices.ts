import { defineCatalog } from './format.ts';

/**
 * The money notices (apps/server/src/modules/notifications/money-event-messages.ts): each $3
 * charge, decline and pay-back, refunds, disputes and plan charges, in the account's language
 * (ADR 74). Words: docs/glossary-es.md (pay-back *abono*, refund *reembolso*, never shared; a bank
 * returning a disputed charge *reintegra* it). A reason (a decline's, staff's message with a
 * refund) is data and stays in the words it came in.
 */
export const moneyNotices = defineCatalog({
  en: {
    'greeting.named': 'Hi {firstName},',
    'greeting.anonymous': 'Hello,',
    card: 'card',
    smsCard: '{brand} ending {lastFour}',
    smsNoCard: 'your card',
    held: 'We kept this email until your email address was verified.',
    'why.always': 'We send this email about payments for your Pria plan whatever your notification settings.',
    'why.setting':
      'You get this email because {setting, select, payin {Charges} payout {Payments} other {Subscription Updates}} email notifications are on in your Pria account.',
    'settings.always': 'Notification settings: {link}',
    'settings.change': 'Change them at {link}',
    settingsLink: 'Notification settings',
    fraudNotice:
      'Pria will never ask for your account number, SSN, name, address or password by email or text message.',
    'label.amount': 'Amount',
    'label.amountDisputed': 'Amount disputed',
    'label.alreadyRefunded': 'Already refunded',
    'label.card': 'Card',
    'label.date': 'Date',
    'label.reason': 'Reason',
    'label.plan': 'Plan',
    'label.receipt': 'Receipt',
    planLine: '{planName} plan{hasPrice, select, yes {, {priced} = {amount}} other {}}',
    priced: '{price} + {tax} tax',
    'succeeded.subject': 'We charged {amount} to your {card}',
    'succeeded.lead':
      'We charged {amount} to your {card} on {date} for Charge & Pay. We pay it back to the same card on the 2nd of next month.',
    'succeeded.sms':
      'Pria: we charged {amount} to {smsCard} on {smsDate} for Charge & Pay. We pay it back on the 2nd.',
    'declined.subject': "Your {card} declined this month's charge",
    'declined.lead':
      'Your {card} declined our {amount} Charge & Pay charge on {date}{hasReason, select, yes { ({reason})} other {}}. We will not try this card again this month, so there is nothing to pay back. Please check the card before the next charge on the 28th.',
    'declined.sms':
      "Pria: {smsCard} declined our {amount} Charge & Pay charge on {smsDate}{hasReason, select, yes { ({reason})} other {}}. We won't retry it this month.",
    'missed.subject': 'No Charge & Pay charge this month',
    'missed.lead':
      '{hasReason, select, yes {{reason}} other {Pria was unavailable}}. We did not charge your {card} this month, so there is nothing to pay back and nothing for you to do. Your next {amount} Charge & Pay charge is on the 28th.',
    'missed.sms':
      'Pria: no Charge & Pay charge on {smsCard} this month (Pria was unavailable). Nothing to do; next charge on the 28th.',
    'paidBack.subject': 'We paid {amount} back to your {card}',
    'paidBack.lead':
      'We paid {amount} back to your {card} on {date}, paying off the Charge & Pay charge we made on it.',
    'paidBack.sms': 'Pria: we paid {amount} back to {smsCard} on {smsDate} for your Charge & Pay charge.',
    'payBackDelayed.subject': 'Your {amount} pay-back to your {card} is delayed',
    'payBackDelayed.lead':
      'Our {amount} payment back to your {card} has not gone through yet{hasReason, select, yes { ({reason})} other {}}. We are retrying automatically and will email you when it is paid. If the card was closed or replaced, please contact Pria support.',
    'payBackDelayed.sms':
      "Pria: our {amount} payment back to {smsCard} is delayed{hasReason, select, yes { ({reason})} other {}}. We're retrying automatically.",
    'payBackReturned.subject': 'Your {card} could not receive our {amount} payment',
    'payBackReturned.lead':
      'Your {card} could not receive our {amount} payment back on {date}{hasReason, select, yes { ({reason})} other {}}: the account may be closed or replaced. The money is still yours. Pria support will send it to another of your cards; contact support if you have a new card.',
    'payBackReturned.sms':
      'Pria: {smsCard} could not receive our {amount} payment back{hasReason, select, yes { ({reason})} other {}}. Support will send it to another card of yours.',
    'refund.subject': 'We refunded {amount} to your {card}',
    'refund.lead':
      'We refunded {amount} to your {card} on {date}.{message}{ended, select, yes { This refund ended your {hasPlanName, select, yes {{planName} plan} other {plan}} on {endedOn}: there are no more Charge & Pay charges or renewals. You can choose a plan again at any time: {link}/dashboard/subscription.} other {}} A refund can take 5 to 10 business days to show on your card statement. The refund receipt is in your activity: {link}/dashboard',
    'refund.sms':
      'Pria: we refunded {amount} to {smsCard} on {smsDate}.{ended, select, yes { Your plan has ended.} other {}} It can take 5-10 business days to show.',
    'dispute.subject': 'Your bank told us you disputed a {amount} charge',
    'dispute.lead':
      'Your bank told us you disputed our {amount} Charge & Pay charge on your {card}. Your bank is returning it to you, so we will not pay it back as well. If you did not mean to dispute it, please tell your bank and Pria support.',
    'dispute.sms':
      "Pria: your bank says you disputed our {amount} charge on {smsCard}. We won't also pay it back; contact support if this is a mistake.",
    'disputePaidBack.lead':
      'Your bank told us you disputed our {amount} Charge & Pay charge on your {card}. We already paid the {amount} back to you: it was sent on {sentOn}. If your bank returns the charge as well, you will get it twice, so please tell your bank that we paid it back. If you did not mean to dispute it, please tell Pria support too.',
    'disputePaidBack.sms':
      'Pria: your bank says you disputed our {amount} charge on {smsCard}. We already paid it back on {sentShort}; please tell your bank.',
    'planDispute.subject': 'Your bank told us you disputed your {amount} plan payment',
    'planDispute.lead':
      'You disputed your {amount} plan payment of {chargedOn} on your {card} with your bank.{claimed, select, yes { Your bank is asking for {claimedAmount} of it back.} other {}}{refunded, select, yes { {refundedAmount} of it was already refunded to your card{hasRefundedOn, select, yes { on {refundedOn}} other {}}{planEnded, select, yes {, which ended your plan} other {}}{twice, select, yes {; please tell your bank, so it is not returned to you twice.} other {.}}} other {}}{planEnded, select, yes {} other { Your plan stays as it is while your bank decides: a dispute does not change it.}} If you did not mean to dispute it, please tell your bank and Pria support.',
    'planDispute.sms':
      'Pria: you disputed your {amount} plan payment of {chargedShort} on {smsCard}.{refunded, select, yes { {refundedAmount} of it was already refunded.} other {}} Contact support if this is a mistake.',
    'started.subject': 'Your Pria subscription started',
    'started.lead':
      'Your {hasPlan, select, yes {Pria {planName} plan} other {subscription}} started on {date}: we charged {amount}{hasPrice, select, yes { ({priced})} other {, tax included,}} to your {card}. Your receipt is in your activity: {link}/dashboard',
    'started.sms':
      'Pria: your {hasPlan, select, yes {{planName} plan} other {subscription}} started on {smsDate}. We charged {amount} to {smsCard}.',
    'renewed.subject': 'Your Pria subscription renewed',
    'renewed.lead':
      'Your {hasPlan, select, yes {Pria {planName} plan} other {subscription}} renewed on {date}: we charged {amount}{hasPrice, select, yes { ({priced})} other {, tax included,}} to your {card}. Your receipt is in your activity: {link}/dashboard',
    'renewed.sms':
      'Pria: your {hasPlan, select, yes {{planName} plan} other {subscription}} renewed on {smsDate}. We charged {amount} to {smsCard}.',
    'renewalFailed.subject': 'We could not renew your Pria subscription',
    'renewalFailed.lead':
      'We could not renew your subscription on {date}: your {card} declined the {amount} charge{hasReason, select, yes { ({reason})} other {}}. To keep building credit, choose another funding card and pay now: {link}/dashboard/account/subscription',
    'renewalFailed.sms':
      "Pria: we couldn't renew your subscription. {smsCard} declined {amount} on {smsDate}{hasReason, select, yes { ({reason})} other {}}. Update your card in Pria.",
  },
  es: {
    'greeting.named': 'Hola, {firstName}:',
    'greeting.anonymous': 'Hola:',
    card: 'tarjeta',
    smsCard: 'su {brand} terminada en {lastFour}',
    smsNoCard: 'su tarjeta',
    held: 'Guardamos este correo hasta que se verificó su correo electrónico.',
    'why.always':
      'Le enviamos este correo sobre los pagos de su plan de Pria sin importar su configuración de notificaciones.',
    'why.setting':
      'Recibe este correo porque las notificaciones por correo de {setting, select, payin {Cargos} payout {Abonos} other {Actualizaciones de la suscripción}} están activadas en su cuenta de Pria.',
    'settings.always': 'Configuración de notificaciones: {link}',
    'settings.change': 'Cámbielas en {link}',
    settingsLink: 'Configuración de notificaciones',
    fraudNotice:
      'Pria nunca le pedirá su número de cuenta, su número de Seguro Social, su nombre, su dirección ni su contraseña por correo electrónico ni por mensaje de texto.',
    'label.amount': 'Importe',
    'label.amountDisputed': 'Importe en disputa',
    'label.alreadyRefunded': 'Ya reembolsado',
    'label.card': 'Tarjeta',
    'label.date': 'Fecha',
    'label.reason': 'Motivo',
    'label.plan': 'Plan',
    'label.receipt': 'Recibo',
    planLine: '{planName}{hasPrice, select, yes {, {priced} = {amount}} other {}}',
    priced: '{price} + {tax} de impuestos',
    'succeeded.subject': 'Cobramos {amount} a su {card}',
    'succeeded.lead':
      'Cobramos {amount} a su {card} el {date} por Cargo y Abono. Se lo abonamos a la misma tarjeta el día 2 del mes próximo.',
    'succeeded.sms':
      'Pria: cobramos {amount} a {smsCard} el {smsDate} por Cargo y Abono. Se lo abonamos el día 2.',
    'declined.subject': 'Su {card} rechazó el cargo de este mes',
    'declined.lead':
      'Su {card} rechazó nuestro cargo de {amount} de Cargo y Abono el {date}{hasReason, select, yes { ({reason})} other {}}. No volveremos a intentarlo con esta tarjeta este mes, así que no hay nada que abonar. Revise la tarjeta antes del próximo cargo, el día 28.',
    'declined.sms':
      'Pria: {smsCard} rechazó nuestro cargo de {amount} de Cargo y Abono el {smsDate}{hasReason, select, yes { ({reason})} other {}}. No lo volveremos a intentar este mes.',
    'missed.subject': 'Sin cargo de Cargo y Abono este mes',
    'missed.lead':
      '{hasReason, select, yes {{reason}} other {Pria no estuvo disponible}}. No le cobramos a su {card} este mes, así que no hay nada que abonar ni nada que usted tenga que hacer. Su próximo cargo de {amount} de Cargo y Abono es el día 28.',
    'missed.sms':
      'Pria: sin cargo de Cargo y Abono en {smsCard} este mes (Pria no estuvo disponible). No tiene que hacer nada; el próximo cargo es el día 28.',
    'paidBack.subject': 'Le abonamos {amount} a su {card}',
    'paidBack.lead':
      'Le abonamos {amount} a su {card} el {date}, lo que salda el cargo de Cargo y Abono que le hicimos.',
    'paidBack.sms': 'Pria: le abonamos {amount} a {smsCard} el {smsDate} por su cargo de Cargo y Abono.',
    'payBackDelayed.subject': 'Su abono de {amount} a su {card} está demorado',
    'payBackDelayed.lead':
      'Nuestro abono de {amount} a su {card} todavía no se completó{hasReason, select, yes { ({reason})} other {}}. Lo reintentamos automáticamente y le escribiremos cuando se haya pagado. Si la tarjeta se cerró o se reemplazó, escríbanos.',
    'payBackDelayed.sms':
      'Pria: nuestro abono de {amount} a {smsCard} está demorado{hasReason, select, yes { ({reason})} other {}}. Lo reintentamos automáticamente.',
    'payBackReturned.subject': 'Su {card} no pudo recibir nuestro abono de {amount}',
    'payBackReturned.lead':
      'Su {card} no pudo recibir nuestro abono de {amount} el {date}{hasReason, select, yes { ({reason})} other {}}: es posible que la cuenta se haya cerrado o reemplazado. El dinero sigue siendo suyo. El equipo de ayuda de Pria lo enviará a otra de sus tarjetas; escríbanos si tiene una tarjeta nueva.',
    'payBackReturned.sms':
      'Pria: {smsCard} no pudo recibir nuestro abono de {amount}{hasReason, select, yes { ({reason})} other {}}. El equipo de ayuda lo enviará a otra de sus tarjetas.',
    'refund.subject': 'Le reembolsamos {amount} a su {card}',
    'refund.lead':
      'Le reembolsamos {amount} a su {card} el {date}.{message}{ended, select, yes { Este reembolso terminó su {hasPlanName, select, yes {plan {planName}} other {plan}} el {endedOn}: no habrá más cargos de Cargo y Abono ni renovaciones. Puede elegir un plan de nuevo en cualquier momento: {link}/dashboard/subscription.} other {}} Un reembolso puede tardar de 5 a 10 días hábiles en aparecer en el estado de cuenta de su tarjeta. El recibo del reembolso está en su actividad: {link}/dashboard',
    'refund.sms':
      'Pria: le reembolsamos {amount} a {smsCard} el {smsDate}.{ended, select, yes { Su plan terminó.} other {}} Puede tardar de 5 a 10 días hábiles en aparecer.',
    'dispute.subject': 'Su banco nos informó que usted disputó un cargo de {amount}',
    'dispute.lead':
      'Su banco nos informó que usted disputó nuestro cargo de {amount} de Cargo y Abono en su {card}. Su banco le reintegra ese dinero, así que no se lo abonaremos también. Si no quiso disputarlo, avísele a su banco y escríbanos.',
    'dispute.sms':
      'Pria: su banco dice que usted disputó nuestro cargo de {amount} en {smsCard}. No se lo abonaremos también; escríbanos si es un error.',
    'disputePaidBack.lead':
      'Su banco nos informó que usted disputó nuestro cargo de {amount} de Cargo y Abono en su {card}. Ya le abonamos los {amount}: se enviaron el {sentOn}. Si su banco también le reintegra el cargo, recibirá el dinero dos veces, así que avísele a su banco que ya se lo abonamos. Si no quiso disputarlo, escríbanos también.',
    'disputePaidBack.sms':
      'Pria: su banco dice que usted disputó nuestro cargo de {amount} en {smsCard}. Ya se lo abonamos el {sentShort}; avísele a su banco.',
    'planDispute.subject': 'Su banco nos informó que usted disputó el pago de {amount} de su plan',
    'planDispute.lead':
      'Usted disputó con su banco el pago de {amount} de su plan del {chargedOn} en su {card}.{claimed, select, yes { Su banco pide que se le reintegren {claimedAmount}.} other {}}{refunded, select, yes { Ya se le reembolsaron {refundedAmount} a su tarjeta{hasRefundedOn, select, yes { el {refundedOn}} other {}}{planEnded, select, yes {, lo que terminó su plan} other {}}{twice, select, yes {; avísele a su banco, para que no se le reintegre dos veces.} other {.}}} other {}}{planEnded, select, yes {} other { Su plan sigue igual mientras su banco decide: una disputa no lo cambia.}} Si no quiso disputarlo, avísele a su banco y escríbanos.',
    'planDispute.sms':
      'Pria: usted disputó el pago de {amount} de su plan del {chargedShort} en {smsCard}.{refunded, select, yes { Ya se le reembolsaron {refundedAmount}.} other {}} Escríbanos si es un error.',
    'started.subject': 'Su suscripción de Pria comenzó',
    'started.lead':
      'Su {hasPlan, select, yes {plan {planName} de Pria} other {suscripción}} comenzó el {date}: le cobramos {amount}{hasPrice, select, yes { ({priced})} other {, impuestos incluidos,}} a su {card}. Su recibo está en su actividad: {link}/dashboard',
    'started.sms':
      'Pria: su {hasPlan, select, yes {plan {planName}} other {suscripción}} comenzó el {smsDate}. Cobramos {amount} a {smsCard}.',
    'renewed.subject': 'Su suscripción de Pria se renovó',
    'renewed.lead':
      'Su {hasPlan, select, yes {plan {planName} de Pria} other {suscripción}} se renovó el {date}: le cobramos {amount}{hasPrice, select, yes { ({priced})} other {, impuestos incluidos,}} a su {card}. Su recibo está en su actividad: {link}/dashboard',
    'renewed.sms':
      'Pria: su {hasPlan, select, yes {plan {planName}} other {suscripción}} se renovó el {smsDate}. Cobramos {amount} a {smsCard}.',
    'renewalFailed.subject': 'No pudimos renovar su suscripción de Pria',
    'renewalFailed.lead':
      'No pudimos renovar su suscripción el {date}: su {card} rechazó el cargo de {amount}{hasReason, select, yes { ({reason})} other {}}. Para seguir construyendo su crédito, elija otra tarjeta que pague el plan y pague ahora: {link}/dashboard/account/subscription',
    'renewalFailed.sms':
      'Pria: no pudimos renovar su suscripción. {smsCard} rechazó {amount} el {smsDate}{hasReason, select, yes { ({reason})} other {}}. Actualice su tarjeta en Pria.',
  },
});
