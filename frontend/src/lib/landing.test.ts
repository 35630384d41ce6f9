import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { landingFor } from './landing';

describe('landingFor', () => {
  it('sends admins (and super_admin) to the dashboard and sellers to Today at the counter', () => {
    expect(landingFor(['admin'])).toBe(paths.admin.dashboard);
    expect(landingFor(['super_admin'])).toBe(paths.admin.dashboard);
    expect(landingFor(['seller', 'admin'])).toBe(paths.admin.dashboard);
    expect(landingFor(['seller'])).toBe(paths.admin.today);
  });

  it('sends everyone else home', () => {
    expect(landingFor(['user'])).toBe(paths.home);
    expect(landingFor([])).toBe(paths.home);
  });
});
