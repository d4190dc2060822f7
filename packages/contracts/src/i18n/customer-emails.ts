import { defineCatalog } from './format.ts';

/**
 * The account module's and the data export's messages (apps/server/src/modules/account,
 * data-export): the deletion code, the account deleted, "your data is ready" and the test push, in
 * the account's language (ADR 74).
 */
export const customerEmails = defineCatalog({
  en: {
    'deleted.subject': 'Your Pria account is deleted',
    'deleted.lead': 'Your Pria account is deleted.',
    'deleted.erased':
      'We erased your name, address, phone number and sign-in, removed your cards from our payment processor, and cancelled your plan: nothing more will be charged.',
    'deleted.planEnded':
      'Your {planName} plan ended today, before the end of the period you paid for ({paidUntil}); the rest of that period is not refunded.',
    'deleted.paidBack':
      'Every $3.00 Charge & Pay charge we made was paid back to your card before your account was deleted.',
    'deleted.records':
      'We keep the record of past payments (amounts, dates, the last four digits of the card) for as long as the law requires.',
    'deleted.notYou': 'If you did not ask for this, contact us at {supportEmail}.',
    'export.subject': 'Your Pria data is ready to download',
    'export.greeting': 'Hi {hasName, select, yes {{firstName}} other {there}},',
    'export.ready': 'The copy of your Pria data you asked for is ready:',
    'export.howTo': 'Sign in, then download it from that page. The link works once, until {until}.',
    'export.notYou': "If you didn't ask for this, change your password and contact support.",
    'deletionCode.subject': 'Your Pria account deletion code',
    'deletionCode.text':
      'Your Pria account deletion code is {code}. It expires in {minutes} minutes. If you did not ask to delete your account, ignore this message and contact support.',
    'testPush.title': 'Pria notifications are on',
    'testPush.body': "This is a test. You'll hear from us here when a charge or a pay-back happens.",
  },
  es: {
    'deleted.subject': 'Se eliminó su cuenta de Pria',
    'deleted.lead': 'Se eliminó su cuenta de Pria.',
    'deleted.erased':
      'Borramos su nombre, su dirección, su número de teléfono y sus datos de inicio de sesión, quitamos sus tarjetas de nuestro procesador de pagos y cancelamos su plan: no se cobrará nada más.',
    'deleted.planEnded':
      'Su plan {planName} terminó hoy, antes del final del período que pagó ({paidUntil}); el resto de ese período no se reembolsa.',
    'deleted.paidBack':
      'Cada cargo de $3.00 de Cargo y Abono que hicimos se le abonó a su tarjeta antes de eliminar su cuenta.',
    'deleted.records':
      'Conservamos el registro de los pagos anteriores (importes, fechas, los últimos cuatro dígitos de la tarjeta) durante el tiempo que exige la ley.',
    'deleted.notYou': 'Si usted no lo pidió, escríbanos a {supportEmail}.',
    'export.subject': 'Sus datos de Pria están listos para descargar',
    'export.greeting': 'Hola{hasName, select, yes {, {firstName}} other {}}:',
    'export.ready': 'La copia de sus datos de Pria que pidió está lista:',
    'export.howTo':
      'Inicie sesión y descárguela desde esa página. El enlace funciona una sola vez, hasta el {until}.',
    'export.notYou': 'Si usted no lo pidió, cambie su contraseña y escríbanos.',
    'deletionCode.subject': 'Su código para eliminar su cuenta de Pria',
    'deletionCode.text':
      'Su código para eliminar su cuenta de Pria es {code}. Vence en {minutes} minutos. Si usted no pidió eliminar su cuenta, ignore este mensaje y escríbanos.',
    'testPush.title': 'Las notificaciones de Pria están activadas',
    'testPush.body': 'Esta es una prueba. Aquí le avisaremos cuando haya un cargo o un abono.',
  },
});
