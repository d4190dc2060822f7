import {
  brandCodes,
  brandFromInput,
  cardFormSchema,
  detectBrand,
  encryptCard,
  groupCardNumber,
  luhnValid,
  newCardRequest,
  parseExpiry,
} from '@pria/contracts';
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';

// The shared card contracts the web form and the API both use.
const now = new Date(2026, 4, 15); // May 2026
const valid = {
  name: 'Ann Example',
  number: '4111 1111 1111 1111',
  brand: '001',
  expirationDate: '05/26',
  cvc: '123',
  address: { address1: '1 Main St', locality: 'Springfield', administrativeArea: 'IL', postalCode: '62701' },
};
const firstError = (values: unknown) => {
  const r = cardFormSchema(now).safeParse(values);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('card form schema', () => {
  it('accepts a valid card, expiring this month', () => {
    expect(firstError(valid)).toBeNull();
  });

  it.each([
    [{ number: '' }, 'Card Number is required'],
    [{ number: '4111 1111 1111 1112' }, 'Invalid card number'],
    [{ number: '4111 1111' }, 'Invalid card number'],
    [{ expirationDate: '' }, 'Expiry Date is required'],
    [{ expirationDate: '5/26' }, 'Invalid date format'],
    [{ expirationDate: '13/27' }, 'Invalid Date'],
    [{ expirationDate: '04/26' }, 'Invalid Date'],
    [{ cvc: '' }, 'CVC is required'],
    [{ cvc: '1' }, 'Invalid CVC'],
    [{ cvc: '12' }, 'Invalid CVC'],
    [{ cvc: '12a' }, 'Invalid CVC'],
    [{ cvc: '12345' }, 'Invalid CVC'],
    [{ brand: '' }, 'Card brand is required'],
    [{ address: { ...valid.address, address1: '' } }, 'Street 1 is required'],
    [{ address: { ...valid.address, locality: '' } }, 'City is required'],
    [{ address: { ...valid.address, postalCode: '' } }, 'Postal Code is required'],
    [{ address: { ...valid.address, postalCode: '6270' } }, 'Invalid postal code'],
  ])('%j -> %s', (change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });
});

describe('card helpers', () => {
  it('checks Luhn and detects brands by number', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(detectBrand('4111111111111111')).toBe('visa');
    expect(detectBrand('5105105105105100')).toBe('mastercard');
    expect(detectBrand('2221000000000009')).toBe('mastercard');
    expect(detectBrand('2721000000000000')).toBeUndefined();
    expect(detectBrand('378282246310005')).toBe('american express');
    expect(detectBrand('6011111111111117')).toBe('discover');
    expect(detectBrand('3530111333300000')).toBe('jcb');
  });

  it('maps brand codes both ways', () => {
    expect(brandCodes).toEqual({
      visa: '001',
      mastercard: '002',
      'american express': '003',
      discover: '004',
      jcb: '007',
    });
    expect(brandFromInput('002')).toBe('mastercard');
    expect(brandFromInput('Visa')).toBe('visa');
    expect(brandFromInput('999')).toBeUndefined();
  });

  it('formats the number and parses MM/YY', () => {
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(parseExpiry('07/29')).toEqual({ expirationMonth: 7, expirationYear: 2029 });
  });
});

describe('encryptCard', () => {
  it('makes a compact JWE (RSA-OAEP-256 + A256GCM) only the key holder can read', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1' };
    const jwe = await encryptCard({ number: '4111 1111 1111 1111', cvc: '123' }, jwk);
    expect(jwe.split('.')).toHaveLength(5);
    expect(jwe).not.toContain('4111');
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, privateKey);
    expect(protectedHeader).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k1' });
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({
      number: '4111111111111111',
      cvc: '123',
    });
  });
});

describe('newCardRequest.number', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const card = (number: string) => ({
    number,
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 1,
    brand: 'visa',
    name: 'Ann Example',
    address: valid.address,
  });
  const numberError = (number: string) => {
    const r = newCardRequest.safeParse(card(number));
    return r.success ? null : r.error.issues.find((i) => i.path[0] === 'number')?.message;
  };

  it('accepts the JWE the browser encrypts to the simulator and a Microform transient token (JWS)', async () => {
    const { publicKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwe = await encryptCard({ number: '4111 1111 1111 1111', cvc: '123' }, await exportJWK(publicKey));
    expect(numberError(jwe)).toBeNull();
    const transientToken = `${b64({ kid: '3g', alg: 'RS256' })}.${b64({ iss: 'Flex/08', jti: 'x' })}.c2lnbmF0dXJl`;
    expect(numberError(transientToken)).toBeNull();
  });

  it.each([
    ['a plaintext number', '4111111111111111'],
    ['a number split by dots like a JWS', '4111.1111.1111'],
    ['a number split by dots like a JWE', '4111.1111.1111.1111.1234'],
    ['three parts whose header is not JOSE', `${b64({ number: '4111111111111111' })}.${b64({})}.c2ln`],
    ['four parts', `${b64({ alg: 'RS256' })}.a.b.c`],
  ])('refuses %s', (_what, number) => {
    expect(numberError(number)).toBe('Invalid card number');
  });
});
