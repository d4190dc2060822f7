import { defineCatalog } from './format.ts';

/**
 * The built-in identity provider's pages for customers (apps/server/src/idp): sign-in, sign-up,
 * the address check, the password reset, sign-out and their refusals. The staff pages (the admin
 * portal's sign-in, the staff invitation) stay English (ADR 71). Words: docs/glossary-es.md.
 */
export const idpPages = defineCatalog({
  en: {
    'layout.home': 'Pria home',
    'layout.footer': 'Better credit, made simple. Pria never asks for your password by email or text.',
    'layout.language': 'Language',
    'field.email': 'Email',
    'field.password': 'Password',
    or: 'or',
    continue: 'Continue',
    'legal.terms': 'Terms of Service',
    'legal.privacy': 'Privacy Policy',
    'login.title': 'Log in',
    'login.heading': 'Welcome back',
    'login.sub': 'Log in to continue to Pria.',
    'login.forgot': 'Forgot password?',
    'login.submit': 'Log in',
    'login.passkey': 'Sign in with a passkey',
    'login.passkeyExpired': 'Your sign-in page expired. Please start again.',
    'login.passkeyFailed': 'That passkey could not sign you in. Try again, or log in with your password.',
    'login.passkeyNotUsed': 'No passkey was used. Try again, or log in with your password.',
    'login.newToPria': 'New to Pria? <a>Create an account</a>',
    'signup.title': 'Sign up',
    'signup.heading': 'Create your account',
    'signup.sub': 'Start building credit with the cards you already have.',
    'signup.passwordHint': 'At least {min} characters.',
    'signup.confirm': 'Confirm password',
    'signup.agree':
      'I agree to the <terms>{termsTitle}</terms> and the <privacy>{privacyTitle}</privacy>, and I am at least 18 years old.',
    'signup.submit': 'Sign up',
    'signup.haveAccount': 'Already have an account? <a>Log in</a>',
    'signup.correct': 'Please correct the highlighted fields.',
    'signup.tooMany': 'Too many accounts were created from your network. Please try again later.',
    'checkEmail.title': 'Check your email',
    'checkEmail.resent': 'We sent a new link to {email}.',
    'checkEmail.sub':
      'We sent an email to <strong>{email}</strong>. Open the link in it to confirm your address, then log in to continue.',
    'checkEmail.hint': 'Nothing there? Look in your spam folder. The link works for 48 hours.',
    'checkEmail.resend': 'Resend the email',
    'forgot.title': 'Reset your password',
    'forgot.sub':
      'Enter the email address you log in with. We will send you a link to choose a new password.',
    'forgot.submit': 'Send reset link',
    'forgot.remembered': 'Remembered it? <a>Log in</a>',
    'forgot.newLink': 'Send me a new link',
    'forgot.backToLogin': 'Back to log in',
    'reset.title': 'Choose a new password',
    'reset.sub': 'You will be signed out on every device, then log in with the new password.',
    'reset.newPassword': 'New password',
    'reset.hint': 'At least {min} characters. Avoid common passwords.',
    'reset.confirm': 'Confirm new password',
    'reset.submit': 'Change password',
    'logout.title': 'Sign out',
    'logout.heading': 'Sign out of Pria?',
    'logout.sub': 'You will need to log in again to see your cards and activity.',
    'logout.submit': 'Sign out',
    'logout.stay': 'Stay signed in',
    'signingOut.title': 'Signing out',
    'signingOut.heading': 'Signing you out…',
    'signedOut.title': 'Signed out',
    'signedOut.message': 'You have signed out of Pria.',
    goHome: 'Go back to Pria home',
    'error.title': 'Something went wrong',
    'error.heading': 'Oops...something went wrong',
    'error.fallback': 'The request could not be completed.',
    'expired.title': 'Session expired',
    'expired.message': 'Your sign-in page expired. Please start again.',
    'linkExpired.title': 'Link expired',
    'verified.title': 'Email verified',
    'verified.message': 'Thank you! Your email address is verified.',
    'verified.already':
      'Your email is already verified. Continue to Pria; if you are not signed in, log in with your email and password.',
    'verified.link': 'Continue to Pria',
    'verify.invalid':
      'This verification link is invalid, expired or was already used. Request a new one from your account settings.',
    'verify.accountLink': 'Go to my account',
    'tooManyEmails.title': 'Too many emails',
    'tooManyEmails.message':
      'Too many emails were requested from your network. Please wait a few minutes and try again.',
  },
  es: {
    'layout.home': 'Inicio de Pria',
    'layout.footer':
      'Mejor crédito, sin complicaciones. Pria nunca le pide su contraseña por correo electrónico ni por mensaje de texto.',
    'layout.language': 'Idioma',
    'field.email': 'Correo electrónico',
    'field.password': 'Contraseña',
    or: 'o',
    continue: 'Continuar',
    'legal.terms': 'Términos del Servicio',
    'legal.privacy': 'Política de Privacidad',
    'login.title': 'Iniciar sesión',
    'login.heading': 'Le damos la bienvenida',
    'login.sub': 'Inicie sesión para continuar en Pria.',
    'login.forgot': '¿Olvidó su contraseña?',
    'login.submit': 'Iniciar sesión',
    'login.passkey': 'Iniciar sesión con una llave de acceso',
    'login.passkeyExpired': 'Su página de inicio de sesión venció. Vuelva a empezar.',
    'login.passkeyFailed':
      'Esa llave de acceso no pudo iniciar su sesión. Inténtelo de nuevo o inicie sesión con su contraseña.',
    'login.passkeyNotUsed':
      'No se usó ninguna llave de acceso. Inténtelo de nuevo o inicie sesión con su contraseña.',
    'login.newToPria': '¿Es nuevo en Pria? <a>Cree una cuenta</a>',
    'signup.title': 'Crear una cuenta',
    'signup.heading': 'Cree su cuenta',
    'signup.sub': 'Empiece a construir su crédito con las tarjetas que ya tiene.',
    'signup.passwordHint': 'Al menos {min} caracteres.',
    'signup.confirm': 'Confirme la contraseña',
    'signup.agree':
      'Acepto los <terms>{termsTitle}</terms> y la <privacy>{privacyTitle}</privacy>, y tengo al menos 18 años.',
    'signup.submit': 'Crear la cuenta',
    'signup.haveAccount': '¿Ya tiene una cuenta? <a>Inicie sesión</a>',
    'signup.correct': 'Corrija los campos marcados.',
    'signup.tooMany': 'Se crearon demasiadas cuentas desde su red. Vuelva a intentarlo más tarde.',
    'checkEmail.title': 'Revise su correo electrónico',
    'checkEmail.resent': 'Le enviamos un enlace nuevo a {email}.',
    'checkEmail.sub':
      'Le enviamos un correo a <strong>{email}</strong>. Abra el enlace que contiene para confirmar su dirección y luego inicie sesión para continuar.',
    'checkEmail.hint':
      '¿No lo encuentra? Revise su carpeta de correo no deseado. El enlace funciona durante 48 horas.',
    'checkEmail.resend': 'Reenviar el correo',
    'forgot.title': 'Restablezca su contraseña',
    'forgot.sub':
      'Escriba el correo electrónico con el que inicia sesión. Le enviaremos un enlace para elegir una contraseña nueva.',
    'forgot.submit': 'Enviar el enlace',
    'forgot.remembered': '¿La recordó? <a>Inicie sesión</a>',
    'forgot.newLink': 'Enviarme un enlace nuevo',
    'forgot.backToLogin': 'Volver a iniciar sesión',
    'reset.title': 'Elija una contraseña nueva',
    'reset.sub':
      'Se cerrará su sesión en todos los dispositivos; luego inicie sesión con la contraseña nueva.',
    'reset.newPassword': 'Contraseña nueva',
    'reset.hint': 'Al menos {min} caracteres. Evite las contraseñas comunes.',
    'reset.confirm': 'Confirme la contraseña nueva',
    'reset.submit': 'Cambiar la contraseña',
    'logout.title': 'Cerrar sesión',
    'logout.heading': '¿Cerrar sesión en Pria?',
    'logout.sub': 'Tendrá que iniciar sesión de nuevo para ver sus tarjetas y su actividad.',
    'logout.submit': 'Cerrar sesión',
    'logout.stay': 'Mantener la sesión iniciada',
    'signingOut.title': 'Cerrando sesión',
    'signingOut.heading': 'Cerrando su sesión…',
    'signedOut.title': 'Sesión cerrada',
    'signedOut.message': 'Cerró su sesión en Pria.',
    goHome: 'Volver al inicio de Pria',
    'error.title': 'Algo salió mal',
    'error.heading': 'Vaya… algo salió mal',
    'error.fallback': 'No se pudo completar la solicitud.',
    'expired.title': 'La sesión venció',
    'expired.message': 'Su página de inicio de sesión venció. Vuelva a empezar.',
    'linkExpired.title': 'El enlace venció',
    'verified.title': 'Correo electrónico verificado',
    'verified.message': '¡Gracias! Su correo electrónico está verificado.',
    'verified.already':
      'Su correo electrónico ya está verificado. Continúe a Pria; si no ha iniciado sesión, inicie sesión con su correo electrónico y su contraseña.',
    'verified.link': 'Continuar a Pria',
    'verify.invalid':
      'Este enlace de verificación no es válido, venció o ya se usó. Pida uno nuevo desde la configuración de su cuenta.',
    'verify.accountLink': 'Ir a mi cuenta',
    'tooManyEmails.title': 'Demasiados correos',
    'tooManyEmails.message':
      'Se pidieron demasiados correos desde su red. Espere unos minutos y vuelva a intentarlo.',
  },
});

/**
 * The provider's refusals and confirmations, which travel from its use cases (users.ts,
 * recovery.ts, the password rule) to a page as English text: the English here IS those
 * constants (they are written from it), so a page finds a message's id by its English words
 * and shows the reader's language (`idpMessageIn`, apps/server/src/idp/page-language.ts).
 */
export const idpMessages = defineCatalog({
  en: {
    wrongCredentials: 'Wrong email or password.',
    locked: 'Too many failed sign-in attempts. Please try again later.',
    signedOutElsewhere: 'You were signed out. Log in again to continue.',
    passwordTooShort: 'Password must be at least {min} characters.',
    passwordTooLong: 'Password must be at most {max} characters.',
    passwordTooCommon: 'This password is too common. Choose a less predictable one.',
    passwordTooWeak: 'This password is too easy to guess. Use a longer phrase of unrelated words.',
    passwordsMustMatch: 'Passwords must match',
    invalidEmail: 'Enter a valid email address.',
    emailTaken: 'An account with this email already exists. Log in instead.',
    termsRequired: 'You must accept the {termsTitle} and {privacyTitle}.',
    resetSent:
      "If an account exists for that address, we've sent a link to reset your password. It works once and expires in 30 minutes.",
    resetAddressThrottled:
      'Too many reset links were requested for this address. Please wait an hour before asking again.',
    resetIpThrottled: 'Too many reset links were requested from your network. Please try again in an hour.',
    resetInvalidLink:
      'This password reset link is invalid, expired or was already used. Ask for a new one: links work once and expire after 30 minutes.',
    resetDone: 'Your password was changed and you were signed out everywhere. Log in with your new password.',
  },
  es: {
    wrongCredentials: 'El correo electrónico o la contraseña no son correctos.',
    locked: 'Hubo demasiados intentos fallidos de iniciar sesión. Vuelva a intentarlo más tarde.',
    signedOutElsewhere: 'Se cerró su sesión. Inicie sesión de nuevo para continuar.',
    passwordTooShort: 'La contraseña debe tener al menos {min} caracteres.',
    passwordTooLong: 'La contraseña debe tener como máximo {max} caracteres.',
    passwordTooCommon: 'Esta contraseña es demasiado común. Elija una menos previsible.',
    passwordTooWeak:
      'Esta contraseña es demasiado fácil de adivinar. Use una frase más larga, de palabras sin relación entre sí.',
    passwordsMustMatch: 'Las contraseñas deben coincidir',
    invalidEmail: 'Escriba un correo electrónico válido.',
    emailTaken: 'Ya existe una cuenta con este correo electrónico. Inicie sesión.',
    termsRequired: 'Debe aceptar los {termsTitle} y la {privacyTitle}.',
    resetSent:
      'Si existe una cuenta con esa dirección, le enviamos un enlace para restablecer su contraseña. Funciona una sola vez y vence en 30 minutos.',
    resetAddressThrottled:
      'Se pidieron demasiados enlaces para esta dirección. Espere una hora antes de volver a pedir otro.',
    resetIpThrottled: 'Se pidieron demasiados enlaces desde su red. Vuelva a intentarlo en una hora.',
    resetInvalidLink:
      'Este enlace para restablecer la contraseña no es válido, venció o ya se usó. Pida uno nuevo: los enlaces funcionan una sola vez y vencen a los 30 minutos.',
    resetDone:
      'Se cambió su contraseña y se cerró su sesión en todos los dispositivos. Inicie sesión con su contraseña nueva.',
  },
});
