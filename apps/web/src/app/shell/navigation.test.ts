import { describe, expect, it } from 'vitest';
import { defaultFeatureFlags, permissionsFor, type FeatureFlags, type Profile } from '@paraphe/contracts';
import { accessVerdict, type AccessSubject } from '../../shared/access.ts';
import { visibleNavigation } from './navigation.ts';

function identity(profile: Profile, features: Partial<FeatureFlags> = {}, isProductAdmin = false): AccessSubject {
  return { permissions: permissionsFor(profile, isProductAdmin), application: { features: { ...defaultFeatureFlags, ...features } } };
}
const paths = (me: AccessSubject) => visibleNavigation(me).flatMap((e) => [e.path, ...(e.children ?? []).map((c) => `  ${c.path}`)]);

describe('side navigation', () => {
  it('shows an ordinary user the sending screens of enabled features only, no administration', () => {
    const shown = paths(identity('COMMERCIAL'));
    expect(shown).toContain('/signatures/list');
    expect(shown).toContain('/timestamp');
    expect(shown).not.toContain('/campaigns/list');
    expect(shown).not.toContain('/users/list');
    expect(shown).not.toContain('/applications/list');
    expect(shown).not.toContain('  /signatures/new_qualified');
  });
  it('adds users, billing and settings for a director, and campaigns once the feature is on', () => {
    const shown = paths(identity('GERANT', { campaign: true, level3: true }));
    expect(shown).toEqual(
      expect.arrayContaining(['/users/list', '/billing/conso', '/settings/configuration', '/campaigns/list', '  /signatures/new_qualified']),
    );
    expect(shown).not.toContain('/outbox');
  });
  it('gives the product administrator the admin entries', () => {
    expect(paths(identity('GERANT', {}, true))).toEqual(expect.arrayContaining(['/dashboardAdmin', '/applications/list', '/outbox']));
  });
});

describe('route access', () => {
  const me = identity('MANAGER');
  it('is forbidden without the permission, "contact sales" without the feature', () => {
    expect(accessVerdict(me, { permission: 'billing.read' })).toBe('forbidden');
    expect(accessVerdict(me, { permission: 'campaigns.read' })).toBe('featureDisabled');
    expect(accessVerdict(me, { permission: 'users.read' })).toBe('allowed');
  });
});
