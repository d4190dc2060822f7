import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, timeStep, totp } from './totp.ts';

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

  it('matches RFC 4226 HOTP vectors', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(rfcKey, i))).toEqual(expected);
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
    expect(uri).toBe(
      'otpauth://totp/Pria:ann%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Pria&algorithm=SHA1&digits=6&period=30',
    );
  });
});
