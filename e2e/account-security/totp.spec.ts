import { expect, test } from '@playwright/test';
import { base32Decode, hotp, totp } from './totp.ts';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), last six digits of the 8-digit values.
test('the TOTP helper matches the RFC 6238 test vectors', () => {
  const seed = Buffer.from('12345678901234567890');
  const vectors: [number, string][] = [
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ];
  for (const [seconds, code] of vectors) expect(hotp(seed, Math.floor(seconds / 30))).toBe(code);
  // The same seed in base32, grouped in fours as the enrolment page shows it.
  expect(totp('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ', Math.floor(59 / 30))).toBe('287082');
  expect(base32Decode('MZXW6===').toString()).toBe('foo');
});
