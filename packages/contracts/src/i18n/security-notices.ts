import { defineCatalog } from './format.ts';

/**
 * The security notices (apps/server/src/platform/security-notices.ts): what changed on the
 * account, in its language (ADR 74), by email, SMS and push. Words: docs/glossary-es.md
 * ("two-factor authentication" is *verificación en dos pasos*; "contact support", *escríbanos*).
 */
export const securityNotices = defineCatalog({
  en: {
    'subject.password_changed': 'Your Pria password was changed',
    'subject.password_reset': 'Your Pria password was changed',
    'subject.mfa_enabled': 'Two-factor authentication was turned on',
    'subject.mfa_disabled': 'Two-factor authentication was turned off',
    'subject.passkey_added': 'A passkey was added to your Pria account',
    'subject.passkey_removed': 'A passkey was removed from your Pria account',
    'subject.recovery_code_used': 'A recovery code was used to sign in to your Pria account',
    'subject.device_signed_out': 'A device was signed out of your Pria account',
    'subject.card_added': 'A card was added to your Pria account',
    'subject.card_removed': 'A card was removed from your Pria account',
    'subject.funding_card_changed': 'The card that pays for your Pria plan changed',
    'subject.new_device_sign_in': 'New sign-in to your Pria account',
    'lead.password_changed':
      'The password of your Pria account was just changed, and every device was signed out.',
    'lead.password_reset':
      'The password of your Pria account was just reset with a link sent to this address, and every device was signed out.',
    'lead.mfa_enabled':
      'Two-factor authentication was just turned on for your Pria account, and every device was signed out.',
    'lead.mfa_disabled':
      'Two-factor authentication was just turned off on your Pria account, and every device was signed out.',
    'lead.passkey_added':
      'A passkey was just added to your Pria account: it can sign you in without your password.',
    'lead.passkey_removed':
      'A passkey was just removed from your Pria account and can no longer sign you in.',
    'lead.recovery_code_used':
      'A recovery code was just used to sign in to your Pria account, instead of your two-factor code. Each code works once.',
    'lead.device_signed_out':
      'A device was just signed out of your Pria account from Account, Security. It must sign in again to use Pria.',
    'lead.card_added': 'A card was just added to your Pria account.',
    'lead.card_removed': 'A card was just removed from your Pria account.',
    'lead.funding_card_changed': 'The card that pays for your Pria plan was just changed.',
    'lead.new_device_sign_in':
      'Your Pria account was just signed in to from a device it was never signed in from before.',
    'sms.password_changed': 'your password was changed.',
    'sms.password_reset': 'your password was reset.',
    'sms.mfa_enabled': 'two-factor authentication was turned on.',
    'sms.mfa_disabled': 'two-factor authentication was turned off.',
    'sms.passkey_added': 'a passkey was added to your account.',
    'sms.passkey_removed': 'a passkey was removed from your account.',
    'sms.recovery_code_used': 'a recovery code was used to sign in.',
    'sms.device_signed_out': 'a device was signed out of your account.',
    'sms.card_added': 'a card was added to your account.',
    'sms.card_removed': 'a card was removed from your account.',
    'sms.funding_card_changed': 'the card paying for your plan changed.',
    'sms.new_device_sign_in': 'new sign-in from a device not seen before.',
    'sms.notice': 'Pria: {what}{details} Not you? Reset your password and contact support.',
    'sms.nowCard': 'Now {card}.',
    'sms.cardEnding': '{brand} ending {lastFour}',
    'sms.codesLeft':
      '{n, plural, =0 {No recovery codes left.} one {# recovery code left.} other {# recovery codes left.}}',
    'detail.fundingCard': 'Card paying for your {planName} plan: {card}.',
    'detail.fundingCardNoPlan': 'Card paying for your plan: {card}.',
    'detail.before': 'Before: {card}.',
    'detail.card': 'Card: {card}.',
    'detail.newDevice': 'Device: {device}, from {place}.',
    'detail.device': 'Device: {device}, {place}.',
    'detail.when': 'When: {at} (New York time).',
    'codes.left':
      '{n, plural, =0 {No recovery codes left} one {# recovery code left} other {# recovery codes left}}. Create new codes in Account, Security: {link}',
    'ifNotYou.mfaEnabled': 'If this was not you, reset your password right away and contact support.',
    'ifNotYou.card':
      "If this wasn't you, someone may have your password: reset it right away ({reset}), which signs out every device, check your cards ({cards}) and contact support.",
    'ifNotYou.newDevice':
      "If this wasn't you, sign that device out in Account, Security ({security}), reset your password right away ({reset}) and contact support. If it was you, there is nothing to do.",
    'ifNotYou.other': 'If this was not you, reset your password right away ({reset}) and contact support.',
    neverAsks: 'Pria never asks for your password by email or text.',
  },
  es: {
    'subject.password_changed': 'Se cambió la contraseña de su cuenta de Pria',
    'subject.password_reset': 'Se cambió la contraseña de su cuenta de Pria',
    'subject.mfa_enabled': 'Se activó la verificación en dos pasos',
    'subject.mfa_disabled': 'Se desactivó la verificación en dos pasos',
    'subject.passkey_added': 'Se agregó una llave de acceso a su cuenta de Pria',
    'subject.passkey_removed': 'Se eliminó una llave de acceso de su cuenta de Pria',
    'subject.recovery_code_used': 'Se usó un código de recuperación para iniciar sesión en su cuenta de Pria',
    'subject.device_signed_out': 'Se cerró la sesión de un dispositivo en su cuenta de Pria',
    'subject.card_added': 'Se agregó una tarjeta a su cuenta de Pria',
    'subject.card_removed': 'Se eliminó una tarjeta de su cuenta de Pria',
    'subject.funding_card_changed': 'Cambió la tarjeta que paga su plan de Pria',
    'subject.new_device_sign_in': 'Nuevo inicio de sesión en su cuenta de Pria',
    'lead.password_changed':
      'Se acaba de cambiar la contraseña de su cuenta de Pria y se cerró la sesión en todos los dispositivos.',
    'lead.password_reset':
      'Se acaba de restablecer la contraseña de su cuenta de Pria con un enlace enviado a esta dirección y se cerró la sesión en todos los dispositivos.',
    'lead.mfa_enabled':
      'Se acaba de activar la verificación en dos pasos en su cuenta de Pria y se cerró la sesión en todos los dispositivos.',
    'lead.mfa_disabled':
      'Se acaba de desactivar la verificación en dos pasos en su cuenta de Pria y se cerró la sesión en todos los dispositivos.',
    'lead.passkey_added':
      'Se acaba de agregar una llave de acceso a su cuenta de Pria: con ella se puede iniciar sesión sin su contraseña.',
    'lead.passkey_removed':
      'Se acaba de eliminar una llave de acceso de su cuenta de Pria y ya no se puede iniciar sesión con ella.',
    'lead.recovery_code_used':
      'Se acaba de usar un código de recuperación para iniciar sesión en su cuenta de Pria, en lugar de su código de verificación en dos pasos. Cada código funciona una sola vez.',
    'lead.device_signed_out':
      'Se acaba de cerrar la sesión de un dispositivo en su cuenta de Pria desde Configuración de la cuenta, Seguridad. Ese dispositivo tendrá que iniciar sesión de nuevo para usar Pria.',
    'lead.card_added': 'Se acaba de agregar una tarjeta a su cuenta de Pria.',
    'lead.card_removed': 'Se acaba de eliminar una tarjeta de su cuenta de Pria.',
    'lead.funding_card_changed': 'Se acaba de cambiar la tarjeta que paga su plan de Pria.',
    'lead.new_device_sign_in':
      'Se acaba de iniciar sesión en su cuenta de Pria desde un dispositivo que nunca se había usado con ella.',
    'sms.password_changed': 'se cambió su contraseña.',
    'sms.password_reset': 'se restableció su contraseña.',
    'sms.mfa_enabled': 'se activó la verificación en dos pasos.',
    'sms.mfa_disabled': 'se desactivó la verificación en dos pasos.',
    'sms.passkey_added': 'se agregó una llave de acceso a su cuenta.',
    'sms.passkey_removed': 'se eliminó una llave de acceso de su cuenta.',
    'sms.recovery_code_used': 'se usó un código de recuperación para iniciar sesión.',
    'sms.device_signed_out': 'se cerró la sesión de un dispositivo en su cuenta.',
    'sms.card_added': 'se agregó una tarjeta a su cuenta.',
    'sms.card_removed': 'se eliminó una tarjeta de su cuenta.',
    'sms.funding_card_changed': 'cambió la tarjeta que paga su plan.',
    'sms.new_device_sign_in': 'nuevo inicio de sesión desde un dispositivo desconocido.',
    'sms.notice': 'Pria: {what}{details} ¿No fue usted? Restablezca su contraseña y escríbanos.',
    'sms.nowCard': 'Ahora {card}.',
    'sms.cardEnding': '{brand} terminada en {lastFour}',
    'sms.codesLeft':
      '{n, plural, =0 {No le quedan códigos de recuperación.} one {Le queda # código de recuperación.} other {Le quedan # códigos de recuperación.}}',
    'detail.fundingCard': 'Tarjeta que paga su plan {planName}: {card}.',
    'detail.fundingCardNoPlan': 'Tarjeta que paga su plan: {card}.',
    'detail.before': 'Antes: {card}.',
    'detail.card': 'Tarjeta: {card}.',
    'detail.newDevice': 'Dispositivo: {device}, desde {place}.',
    'detail.device': 'Dispositivo: {device}, {place}.',
    'detail.when': 'Cuándo: {at}.',
    'codes.left':
      '{n, plural, =0 {No le quedan códigos de recuperación} one {Le queda # código de recuperación} other {Le quedan # códigos de recuperación}}. Cree códigos nuevos en Configuración de la cuenta, Seguridad: {link}',
    'ifNotYou.mfaEnabled': 'Si no fue usted, restablezca su contraseña de inmediato y escríbanos.',
    'ifNotYou.card':
      'Si no fue usted, es posible que alguien tenga su contraseña: restablézcala de inmediato ({reset}), lo que cierra la sesión en todos los dispositivos, revise sus tarjetas ({cards}) y escríbanos.',
    'ifNotYou.newDevice':
      'Si no fue usted, cierre la sesión de ese dispositivo en Configuración de la cuenta, Seguridad ({security}), restablezca su contraseña de inmediato ({reset}) y escríbanos. Si fue usted, no tiene que hacer nada.',
    'ifNotYou.other': 'Si no fue usted, restablezca su contraseña de inmediato ({reset}) y escríbanos.',
    neverAsks: 'Pria nunca le pide su contraseña por correo electrónico ni por mensaje de texto.',
  },
});
