import { defineCatalog } from './format.ts';

/**
 * Two-step verification (apps/server/src/idp: mfa-pages.ts, interaction-mfa.ts,
 * mfa-enrolment.routes.ts, mfa.ts): the sign-in's second step, a recovery code instead, turning it
 * on, the recovery codes, and the one-time code sent by SMS or email (in the account's language).
 */
export const mfaPages = defineCatalog({
  en: {
    'code.label': 'Code',
    'code.hint': 'The 6-digit code.',
    'code.resend': 'Send a new code',
    'code.useRecovery': 'Lost your device? Use a recovery code',
    'code.restart': 'Log in again',
    'signIn.title': 'Two-factor authentication',
    'signIn.fromApp': 'Enter the 6-digit code from your authenticator app.',
    'signIn.sent': 'We sent a 6-digit code to {to}. It expires in 10 minutes.',
    'signIn.sentToYou': 'We sent a 6-digit code to you. It expires in 10 minutes.',
    'signIn.verify': 'Verify',
    'signIn.resent': 'We sent you a new code.',
    'recovery.title': 'Use a recovery code',
    'recovery.sub':
      'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
    'recovery.label': 'Recovery code',
    'recovery.back': 'Use a code instead',
    wrongCode: 'That code is not right. Please try again.',
    wrongRecoveryCode: 'That recovery code is not right, or it was used already. Please try another.',
    restart: 'Too many wrong codes, or the code expired. Please log in again.',
    tooManyCodes: 'Too many codes were sent. Please try again later.',
    'message.signIn':
      'Your Pria sign-in code is {code}. It expires in {minutes} minutes. Never share it: Pria will never ask you for this code.',
    'message.enrol':
      'Your Pria verification code is {code}. It expires in {minutes} minutes. Never share it: Pria will never ask you for this code.',
    'subject.signIn': 'Your Pria sign-in code',
    'subject.enrol': 'Your Pria verification code',
  },
  es: {
    'code.label': 'Código',
    'code.hint': 'El código de 6 dígitos.',
    'code.resend': 'Enviar un código nuevo',
    'code.useRecovery': '¿Perdió su dispositivo? Use un código de recuperación',
    'code.restart': 'Iniciar sesión de nuevo',
    'signIn.title': 'Verificación en dos pasos',
    'signIn.fromApp': 'Escriba el código de 6 dígitos de su aplicación de autenticación.',
    'signIn.sent': 'Le enviamos un código de 6 dígitos a {to}. Vence en 10 minutos.',
    'signIn.sentToYou': 'Le enviamos un código de 6 dígitos. Vence en 10 minutos.',
    'signIn.verify': 'Verificar',
    'signIn.resent': 'Le enviamos un código nuevo.',
    'recovery.title': 'Use un código de recuperación',
    'recovery.sub':
      'Escriba uno de los códigos de recuperación que guardó cuando activó la verificación en dos pasos. Cada código funciona una sola vez.',
    'recovery.label': 'Código de recuperación',
    'recovery.back': 'Usar un código',
    wrongCode: 'Ese código no es correcto. Vuelva a intentarlo.',
    wrongRecoveryCode: 'Ese código de recuperación no es correcto o ya se usó. Pruebe con otro.',
    restart: 'Demasiados códigos incorrectos, o el código venció. Inicie sesión de nuevo.',
    tooManyCodes: 'Se enviaron demasiados códigos. Vuelva a intentarlo más tarde.',
    'message.signIn':
      'Su código de inicio de sesión de Pria es {code}. Vence en {minutes} minutos. No lo comparta con nadie: Pria nunca le pedirá este código.',
    'message.enrol':
      'Su código de verificación de Pria es {code}. Vence en {minutes} minutos. No lo comparta con nadie: Pria nunca le pedirá este código.',
    'subject.signIn': 'Su código de inicio de sesión de Pria',
    'subject.enrol': 'Su código de verificación de Pria',
  },
});
