/**
 * Recovery codes as a customer keeps them (issue 40): the same text whether they are copied,
 * downloaded or printed, from the provider's page right after turning two-factor on or from the
 * app's dialog when new ones are made.
 */
export const RECOVERY_CODES_FILE = 'pria-recovery-codes.txt';

export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Pria recovery codes',
    'Each code signs you in once when you cannot get a code from your authenticator app.',
    'Keep them somewhere safe, such as a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}
