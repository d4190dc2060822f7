import { rolePermissions } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { hasPrivilege } from '../../features/admin/shared/privileges.ts';
import { visibleAdminLinks } from './admin-nav-links.ts';

/** The admin nav shows what each role's permissions (the server's truth) cover, nothing more. */
const labels = (role: keyof typeof rolePermissions) =>
  visibleAdminLinks(rolePermissions[role]).map((l) => l.label);

describe('the admin nav by role', () => {
  it('support: clients and logs; no transactions, no audit trail', () => {
    expect(labels('support')).toEqual(['Home', 'Client Details', 'Logs']);
  });
  it('finance: and transactions; no audit trail', () => {
    expect(labels('finance')).toEqual([
      'Home',
      'Client Details',
      'Logs',
      'Transactions',
      'Pay-backs',
      'Disputes',
    ]);
  });
  it('admin: everything', () => {
    expect(labels('admin')).toEqual([
      'Home',
      'Client Details',
      'Logs',
      'Transactions',
      'Pay-backs',
      'Disputes',
      'Audit Trail',
      'Staff',
    ]);
  });
  it('a customer: nothing', () => {
    expect(labels('customer')).toEqual([]);
  });
  it('the Export CSV buttons show for finance and admin only', () => {
    expect(hasPrivilege(rolePermissions.support, 'export')).toBe(false);
    expect(hasPrivilege(rolePermissions.finance, 'export')).toBe(true);
    expect(hasPrivilege(rolePermissions.admin, 'export')).toBe(true);
  });
  it('refunds and dispute decisions show for finance and admin only', () => {
    for (const p of ['refund', 'dispute'] as const) {
      expect(hasPrivilege(rolePermissions.support, p)).toBe(false);
      expect(hasPrivilege(rolePermissions.finance, p)).toBe(true);
      expect(hasPrivilege(rolePermissions.admin, p)).toBe(true);
    }
  });
});
