import { describe, expect, it } from 'vitest';
import { type SecurityEvent, securityNoticeWords, securitySubjects } from './security-notices.ts';

const url = 'https://pria.example';

describe('security notice words', () => {
  it('say how many recovery codes are left after one was used to sign in', () => {
    const words = (codesLeft: number) => securityNoticeWords({ event: 'recovery_code_used', codesLeft }, url);
    expect(words(9).subject).toBe('A recovery code was used to sign in to your Pria account');
    expect(words(9).text).toContain('9 recovery codes left. Create new codes in Account, Security');
    expect(words(1).text).toContain('1 recovery code left.');
    expect(words(0).text).toContain('No recovery codes left.');
    expect(words(1).sms).toBe(
      'Pria: a recovery code was used to sign in. 1 recovery code left. Not you? Reset your password and contact support.',
    );
  });

  it('fit one SMS in the GSM-7 alphabet, every event', () => {
    for (const event of Object.keys(securitySubjects) as SecurityEvent[]) {
      const { sms } = securityNoticeWords({ event, codesLeft: 10 }, url);
      expect(sms.length).toBeLessThanOrEqual(160);
      expect(sms).toMatch(/^[A-Za-z0-9 .,:?'-]+$/);
    }
  });
});
