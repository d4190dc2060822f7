import { defineCatalog } from './format.ts';

/**
 * The identity provider's emails to an account (apps/server/src/idp): the address check, the
 * password reset link, and the note to an address's owner that someone tried to sign up with it.
 * Each goes in the account's language (ADR 74). Words: docs/glossary-es.md.
 */
export const accountEmails = defineCatalog({
  en: {
    'verify.subject': 'Verify your Pria email address',
    'verify.welcome': 'Welcome to Pria!',
    'verify.open': 'Please confirm your email address by opening this link:',
    'verify.expires':
      'The link works once and expires in {hours} hours. If you did not create a Pria account, ignore this email.',
    'verify.heading': 'Confirm your email',
    'verify.lead': 'Welcome to Pria! Please confirm your email address.',
    'verify.button': 'Verify email',
    'reset.subject': 'Reset your Pria password',
    'reset.lead': 'Someone (we hope you) asked to reset the password of the Pria account for this address.',
    'reset.open': 'Choose a new password by opening this link:',
    'reset.expires':
      'The link works once and expires in {minutes} minutes. If you did not ask, ignore this email: your password stays the same.',
    'reset.heading': 'Reset your password',
    'reset.button': 'Choose a new password',
    'taken.subject': 'Someone tried to sign up with your email address',
    'taken.lead':
      'Someone tried to create a new Pria account with this email address, but it already has an account.',
    'taken.logIn': 'If it was you, log in: {link}',
    'taken.reset': 'Forgot your password? Reset it: {link}',
    'taken.notYou':
      'If it was not you, ignore this email: nothing changed in your account, and no other account was made with your address.',
    'taken.heading': 'Someone tried to sign up with your address',
    'taken.choice': 'If it was you, log in, or reset your password if you forgot it.',
    'taken.logInButton': 'Log in',
    'taken.resetLink': 'Reset my password',
  },
  es: {
    'verify.subject': 'Verifique su correo electrónico de Pria',
    'verify.welcome': '¡Le damos la bienvenida a Pria!',
    'verify.open': 'Confirme su correo electrónico abriendo este enlace:',
    'verify.expires':
      'El enlace funciona una sola vez y vence en {hours} horas. Si usted no creó una cuenta de Pria, ignore este correo.',
    'verify.heading': 'Confirme su correo electrónico',
    'verify.lead': '¡Le damos la bienvenida a Pria! Confirme su correo electrónico.',
    'verify.button': 'Verificar el correo',
    'reset.subject': 'Restablezca su contraseña de Pria',
    'reset.lead':
      'Alguien (esperamos que usted) pidió restablecer la contraseña de la cuenta de Pria de esta dirección.',
    'reset.open': 'Elija una contraseña nueva abriendo este enlace:',
    'reset.expires':
      'El enlace funciona una sola vez y vence en {minutes} minutos. Si usted no lo pidió, ignore este correo: su contraseña no cambia.',
    'reset.heading': 'Restablezca su contraseña',
    'reset.button': 'Elegir una contraseña nueva',
    'taken.subject': 'Alguien intentó registrarse con su correo electrónico',
    'taken.lead':
      'Alguien intentó crear una cuenta nueva de Pria con este correo electrónico, pero ya tiene una cuenta.',
    'taken.logIn': 'Si fue usted, inicie sesión: {link}',
    'taken.reset': '¿Olvidó su contraseña? Restablézcala: {link}',
    'taken.notYou':
      'Si no fue usted, ignore este correo: nada cambió en su cuenta y no se creó ninguna otra cuenta con su dirección.',
    'taken.heading': 'Alguien intentó registrarse con su dirección',
    'taken.choice': 'Si fue usted, inicie sesión, o restablezca su contraseña si la olvidó.',
    'taken.logInButton': 'Iniciar sesión',
    'taken.resetLink': 'Restablecer mi contraseña',
  },
});
