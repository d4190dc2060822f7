import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

const origin = 'https://pria.example';
const back = (returnTo: unknown, home: '/admin' | '/dashboard' = '/dashboard') =>
  returnPath({ returnTo }, home, origin);

describe('returnPath: where a sign-in comes back to', () => {
  it("brings a customer back to the email's deep link, query and hash included", () => {
    expect(back('/dashboard/account/subscription')).toBe('/dashboard/account/subscription');
    expect(back('/dashboard/account/subscription?reference=sub%3A1#x')).toBe(
      '/dashboard/account/subscription?reference=sub%3A1#x',
    );
    expect(back('/onboarding')).toBe('/onboarding');
  });

  it('brings staff back to the admin page they asked for', () => {
    expect(back('/admin/transactions?type=PAYOUT', '/admin')).toBe('/admin/transactions?type=PAYOUT');
  });

  it('brings staff back to their own Account Settings, which security emails link to', () => {
    expect(back('/dashboard/account/security', '/admin')).toBe('/dashboard/account/security');
    expect(back('/dashboard/account', '/admin')).toBe('/dashboard/account');
    expect(back('/dashboard/checkout?plan=annual', '/admin')).toBeUndefined();
  });

  it("never leaves the app or the person's area", () => {
    expect(back('//evil.example/dashboard')).toBeUndefined();
    expect(back('https://evil.example/dashboard')).toBeUndefined();
    expect(back('/\\evil.example')).toBeUndefined();
    expect(back('/admin/users')).toBeUndefined();
    expect(back('/dashboard', '/admin')).toBeUndefined();
    expect(back('/dashboardx')).toBeUndefined();
    expect(back(42)).toBeUndefined();
  });
});
