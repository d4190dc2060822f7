import { describe, expect, it } from 'vitest';
import { deviceWords, isNewDevice, placeWords } from './device-words.ts';

describe('a device in words', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox on Windows',
    ],
    [null, 'Unknown device'],
    ['', 'Unknown device'],
  ])('names %s as %s', (ua, words) => {
    expect(deviceWords(ua)).toBe(words);
  });
});

describe('a place in words (no lookup: the network only)', () => {
  it.each([
    ['203.0.113.77', 'Network 203.0.113.x'],
    ['::ffff:198.51.100.9', 'Network 198.51.100.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', 'Network 2001:db8:85a3::/48'],
    ['2001:db8::1', 'Network 2001:db8:0::/48'],
    ['::1', 'Network 0:0:0::/48'],
    [null, 'Unknown place'],
    ['not an address', 'Unknown place'],
  ])('says %s as %s', (ip, words) => {
    expect(placeWords(ip)).toBe(words);
  });
});

describe("a device and a place in the reader's language (ADR 74)", () => {
  const windowsChrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

  it('says them in Spanish for a Spanish reader, the browser and system named as they are', () => {
    expect(deviceWords(windowsChrome, 'es')).toBe('Chrome en Windows');
    expect(deviceWords(null, 'es')).toBe('Dispositivo desconocido');
    expect(deviceWords('SomeThing (Windows NT 10.0; Win64; x64)', 'es')).toBe(
      'Navegador desconocido en Windows',
    );
    expect(placeWords('127.0.0.1', 'es')).toBe('Red 127.0.0.x');
    expect(placeWords('2001:db8::1', 'es')).toBe('Red 2001:db8:0::/48');
    expect(placeWords(null, 'es')).toBe('Lugar desconocido');
  });

  it('says them in English, as before, when no language is given or it is English', () => {
    expect(deviceWords(windowsChrome)).toBe('Chrome on Windows');
    expect(deviceWords(windowsChrome, 'en')).toBe('Chrome on Windows');
    expect(deviceWords('SomeThing (Windows NT 10.0; Win64; x64)', 'en')).toBe('Unknown browser on Windows');
    expect(placeWords('127.0.0.1', 'en')).toBe('Network 127.0.0.x');
    expect(placeWords('', 'en')).toBe('Unknown place');
  });
});

describe('a sign-in from a new device (isNewDevice, ADR 68)', () => {
  const chromeMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const chromeMacNewer =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const firefoxWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

  it('is not new for the account’s first sign-in (the one after sign-up)', () => {
    expect(isNewDevice(firefoxWindows, [])).toBe(false);
  });

  it('is not new when an earlier sign-in had the same device in words, whatever the version', () => {
    expect(isNewDevice(chromeMacNewer, [firefoxWindows, chromeMac])).toBe(false);
  });

  it('is new when no earlier sign-in had that device in words', () => {
    expect(isNewDevice(firefoxWindows, [chromeMac, chromeMacNewer])).toBe(true);
  });

  it('is new for a sign-in without a User-Agent after sign-ins that had one', () => {
    expect(isNewDevice(null, [chromeMac])).toBe(true);
    expect(isNewDevice(null, [null])).toBe(false);
  });
});
