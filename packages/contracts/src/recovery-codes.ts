import type { Language } from './languages.ts';

/**
 * Recovery codes as a customer keeps them (issue 40): the same text whether they are copied,
 * downloaded or printed, from the provider's page right after turning two-factor on or from the
 * app's dialog when new ones are made.
 */
export const RECOVERY_CODES_FILE = 'pria-recovery-codes.txt';

/**
 * The file's opening lines in each language (a few words both the provider and the app write). They
 * name no second step: the codes stand in for an authenticator app's code and an emailed one alike
 * (issue 40: an Email customer's file spoke of an authenticator app).
 */
const openingLines: Record<Language, readonly string[]> = {
  en: [
    'Pria recovery codes',
    'Each code signs you in once when you cannot get a sign-in code.',
    'Keep them somewhere safe, such as a password manager.',
  ],
  es: [
    'Códigos de recuperación de Pria',
    'Cada código le permite iniciar sesión una vez cuando no pueda recibir un código de inicio de sesión.',
    'Guárdelos en un lugar seguro, como un administrador de contraseñas.',
  ],
};

export function recoveryCodesText(codes: readonly string[], language: Language = 'en'): string {
  return [...openingLines[language], '', ...codes, ''].join('\n');
}
