import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, timeStep, totp } from './totp.ts';

// RFC 6238 appendix B (SHA-1 rows) and RFC 4226 appendix D share this ASCII secret.
const rfcKey = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at T=%i gives %s (8 digits)', (seconds, expected) => {
    expect(totp(rfcKey, seconds * 1000, 8)).toBe(expected);
  });

  it('gives the last 6 digits of the same value by default', () => {
    expect(totp(rfcKey, 59_000)).toBe('287082');
    expect(totp(rfcKey, 1111111109_000)).toBe('081804');
  });

  it('accepts one step of drift either side, and says which step matched', () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(matchTotp(rfcKey, totp(rfcKey, now), now)).toBe(step);
    expect(matchTotp(rfcKey, totp(rfcKey, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(rfcKey, totp(rfcKey, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(rfcKey, totp(rfcKey, now - 60_000), now)).toBeNull();
    expect(matchTotp(rfcKey, totp(rfcKey, now + 60_000), now)).toBeNull();
    expect(matchTotp(rfcKey, '12345', now)).toBeNull();
    expect(matchTotp(rfcKey, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors) and builds an otpauth URI', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(rfcKey))).toEqual(rfcKey);
    expect(() => base32Decode('01')).toThrow();
    const uri = otpauthUri({ secret: rfcKey, account: 'ann@example.com', issuer: 'Pria' });
    // otplib leaves out the defaults (SHA1, 6 digits, 30 s), as Google's key URI format allows.
    expect(uri).toBe(
      'otpauth://totp/Pria:ann%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Pria',
    );
  });

  it('keeps a secret enrolled before otplib working: the code of the old HOTP (RFC 4226 vector)', () => {
    // RFC 4226 appendix D, counter 1 = T in [30, 60): what the hand-written implementation gave.
    expect(totp(rfcKey, 30_000)).toBe('287082');
    expect(matchTotp(rfcKey, '287082', 45_000)).toBe(1);
  });
});
