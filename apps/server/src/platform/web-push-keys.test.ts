import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './web-push-keys.ts';

const rules = { allowedHosts: ['fcm.googleapis.com', '.push.apple.com'], allowLoopback: false };

describe('which push endpoints the server will post to', () => {
  it('takes https on a known push service only', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', rules)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', rules)).toBe(true);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', rules)).toBe(false);
    expect(isAllowedPushEndpoint('https://push.apple.com/x', rules)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.example/x', rules)).toBe(false);
    expect(isAllowedPushEndpoint('https://user:pw@fcm.googleapis.com/x', rules)).toBe(false);
    expect(isAllowedPushEndpoint('https://169.254.169.254/latest', rules)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', rules)).toBe(false);
  });

  it('takes loopback only where allowed (development and tests)', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:9999/push/a', rules)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9999/push/a', { ...rules, allowLoopback: true })).toBe(
      true,
    );
    expect(isAllowedPushEndpoint('http://10.0.0.1/push/a', { ...rules, allowLoopback: true })).toBe(false);
  });
});
