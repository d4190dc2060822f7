import { describe, expect, it } from 'vitest';
import { RECOVERY_CODES_FILE, recoveryCodesText } from './recovery-codes.ts';

describe('recovery codes as kept', () => {
  it('lists every code on its own line under words saying what they are', () => {
    const text = recoveryCodesText(['abcd-efgh', 'ijkl-mnop']);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Pria recovery codes');
    expect(lines).toContain('abcd-efgh');
    expect(lines).toContain('ijkl-mnop');
    expect(lines.indexOf('ijkl-mnop')).toBe(lines.indexOf('abcd-efgh') + 1);
    expect(text.endsWith('\n')).toBe(true);
  });

  it("opens in the reader's language (issue 42), the codes as they are", () => {
    const lines = recoveryCodesText(['abcd-efgh'], 'es').split('\n');
    expect(lines[0]).toBe('Códigos de recuperación de Pria');
    expect(lines).toContain('abcd-efgh');
    expect(recoveryCodesText(['abcd-efgh'], 'en')).toBe(recoveryCodesText(['abcd-efgh']));
  });

  it('names no particular second step: Email and an authenticator app alike (issue 40)', () => {
    for (const language of ['en', 'es'] as const) {
      const text = recoveryCodesText(['abcd-efgh'], language);
      expect(text).not.toMatch(/authenticator|autenticaci/i);
    }
    expect(recoveryCodesText(['abcd-efgh'])).toContain('when you cannot get a sign-in code.');
    expect(recoveryCodesText(['abcd-efgh'], 'es')).toContain(
      'cuando no pueda recibir un código de inicio de sesión.',
    );
  });

  it('is saved as a text file named for Pria', () => {
    expect(RECOVERY_CODES_FILE).toMatch(/^pria-.*\.txt$/);
  });
});
