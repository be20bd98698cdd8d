import { describe, expect, it } from 'vitest';
import { can, isRole, mayAssign, permissionsOf, ROLES } from './roles';

describe('roles', () => {
  it('give everyone reads, and each role no more than its column', () => {
    for (const role of ROLES) expect(can(role, 'payments.read')).toBe(true);
    expect(permissionsOf('viewer')).toEqual(['payments.read']);
    expect(permissionsOf('finance')).toEqual([
      'payments.read',
      'payments.manage',
      'payouts.create',
      'refunds.create',
      'links.manage',
      'collection.resolve',
      'exports.read',
    ]);
    expect(can('developer', 'links.manage')).toBe(true);
    expect(can('viewer', 'links.manage')).toBe(false);
    expect(can('developer', 'exports.read')).toBe(false);
    expect(can('viewer', 'exports.read')).toBe(false);
    expect(can('developer', 'refunds.create')).toBe(false);
    expect(can('developer', 'keys.manage')).toBe(true);
    expect(can('developer', 'payouts.create')).toBe(false);
    expect(can('admin', 'team.manage')).toBe(true);
    expect(can('developer', 'audit.read')).toBe(false);
  });

  it('let only owners make or change owners; others assign nothing', () => {
    expect(mayAssign('owner', 'owner')).toBe(true);
    expect(mayAssign('admin', 'owner')).toBe(false);
    expect(mayAssign('admin', 'admin')).toBe(true);
    expect(mayAssign('admin', 'viewer')).toBe(true);
    for (const role of ['developer', 'finance', 'viewer'] as const)
      expect(mayAssign(role, 'viewer')).toBe(false);
  });

  it('are a closed set', () => {
    expect(isRole('owner')).toBe(true);
    expect(isRole('root')).toBe(false);
  });
});
