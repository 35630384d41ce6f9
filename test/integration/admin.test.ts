import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { ROLES, isBuiltInRole } from '@shared/roles';
import { useTestApi } from '../support/integration';
import { signAsSuperAdmin } from '../support/tokens';

const { api, tokens } = useTestApi('super_admin');

describe('sign-in', () => {
  it('returns token, name, email and the roles joined by commas', async () => {
    const r = await api.call('POST', '/auth/login', { body: { email: api.adminEmail, password: api.adminPassword } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Super Admin', email: api.adminEmail, role: 'super_admin' });
    expect(r.json.token.split('.')).toHaveLength(3);
  });

  it('joins several roles with commas', async () => {
    const token = await api.tokenFor('admin', 'seller');
    const me = await api.call('GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.role.split(',').sort()).toEqual(['admin', 'seller']);
  });

  it('refuses a wrong password with the same message as an unknown email', async () => {
    const wrong = await api.call('POST', '/auth/login', { body: { email: api.adminEmail, password: 'nope-nope' } });
    const unknown = await api.call('POST', '/auth/login', { body: { email: 'ghost@test.local', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe('Invalid email or password');
    expect(unknown.json.message).toBe(wrong.json.message);
  });

  it('refuses an account after repeated failures, even with the right password', async () => {
    const email = 'locked@test.local';
    const created = await api.call('POST', '/api/admin/users', {
      token: tokens.super_admin,
      body: { fullName: 'Locked', email, password: 'right-password', roleIds: [4] },
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const r = await api.call('POST', '/auth/login', { body: { email, password: `wrong-${i}` } });
      expect(r.status).toBe(401);
    }
    const r = await api.call('POST', '/auth/login', { body: { email, password: 'right-password' } });
    expect(r.status).toBe(429);
    expect(r.json.message).toMatch(/Too many failed sign-in attempts/);
  });

  it('rejects tampered and foreign tokens', async () => {
    const token = await api.tokenFor('admin');
    const [h, p, s] = token.split('.');
    const tampered = [h, Buffer.from(JSON.stringify({ sub: '1', roles: ['super_admin'] })).toString('base64url'), s].join('.');
    const none = [Buffer.from('{"alg":"none"}').toString('base64url'), p, ''].join('.');
    for (const t of [tampered, none, 'garbage']) {
      const r = await api.call('GET', '/api/settings', { token: t });
      expect(r.status).toBe(401);
    }
  });

  it('rejects expired tokens, tokens for another audience and tokens signed with another key', async () => {
    const realKey = process.env.JWT_SECRET!;
    const good = await signAsSuperAdmin(realKey, '1h');
    expect((await api.call('GET', '/api/settings', { token: good })).status).toBe(200);
    const expired = await signAsSuperAdmin(realKey, Math.floor(Date.now() / 1000) - 60);
    const foreign = await signAsSuperAdmin('another-key-that-is-long-enough-0123456789', '1h');
    const otherAudience = await signAsSuperAdmin(realKey, '1h', 'someone-else');
    for (const t of [expired, foreign, otherAudience]) {
      expect((await api.call('GET', '/api/settings', { token: t })).status).toBe(401);
    }
  });

  it('stops honouring the token of a deactivated account', async () => {
    const email = 'leaver@test.local';
    const created = await api.call('POST', '/api/admin/users', {
      token: tokens.super_admin,
      body: { fullName: 'Leaver', email, password: 'leaver-password', roleIds: [2] },
    });
    const login = await api.call('POST', '/auth/login', { body: { email, password: 'leaver-password' } });
    expect((await api.call('GET', '/api/settings', { token: login.json.token })).status).toBe(200);
    const off = await api.call('PUT', `/api/admin/users/${created.json.userID}`, {
      token: tokens.super_admin,
      body: { fullName: 'Leaver', isActive: false, roleIds: [2] },
    });
    expect(off.status).toBe(200);
    // Refused at once: the account is read on every request (see token-revocation.test.ts).
    const after = await api.call('GET', '/api/settings', { token: login.json.token });
    expect(after.status).toBe(401);
  });
});

describe('users', () => {
  it('creates a seller, lists, edits and resets the password', async () => {
    const created = await api.call('POST', '/api/admin/users', {
      token: tokens.super_admin,
      body: { fullName: 'Counter One', email: 'Counter1@Test.local', password: 'counter-pass-1', isActive: true, roleIds: [3] },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      fullName: 'Counter One',
      email: 'counter1@test.local',
      roles: ['seller'],
      isActive: true,
    });
    expect(created.json).not.toHaveProperty('passwordHash');

    const list = await api.call('GET', '/api/admin/users', { token: tokens.super_admin });
    expect(list.json.map((u: { email: string }) => u.email)).toContain('counter1@test.local');
    expect(JSON.stringify(list.json)).not.toMatch(/scrypt/);

    const id = created.json.userID;
    const edited = await api.call('PUT', `/api/admin/users/${id}`, {
      token: tokens.super_admin,
      body: { fullName: 'Counter 1', isActive: true, roleIds: [3, 2] },
    });
    expect(edited.json.roles.sort()).toEqual(['admin', 'seller']);

    const pw = await api.call('PUT', `/api/admin/users/${id}/password`, {
      token: tokens.super_admin,
      body: { newPassword: 'new-pass-123' },
    });
    expect(pw.json.message).toBe('Password updated.');
    const login = await api.call('POST', '/auth/login', { body: { email: 'counter1@test.local', password: 'new-pass-123' } });
    expect(login.status).toBe(200);
  });

  it.each([
    ['malformed JSON', { rawBody: '{"fullName": ', headers: { 'content-type': 'application/json' } }, 400, /not valid JSON/],
    ['missing fields', { body: {} }, 400, /Full name is required/],
    ['wrong types', { body: { fullName: 5, email: 'x@y.in', password: 'abcdefgh' } }, 400, /Full name is required/],
    ['a bad email', { body: { fullName: 'A', email: 'not-an-email', password: 'abcdefgh' } }, 400, /Email is not valid/],
    ['a short password', { body: { fullName: 'A', email: 'a@b.in', password: 'short' } }, 400, /at least 8/],
    [
      'unknown role ids',
      { body: { fullName: 'A', email: 'a@b.in', password: 'abcdefgh', roleIds: [999] } },
      400,
      /Unknown role id: 999/,
    ],
    [
      'role ids as text',
      { body: { fullName: 'A', email: 'a@b.in', password: 'abcdefgh', roleIds: ['admin'] } },
      400,
      /Role ids must be numbers/,
    ],
    [
      'a body that is not JSON',
      { rawBody: 'fullName=A', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      /JSON/,
    ],
  ])('refuses %s with a clear 4xx', async (_name, opts, status, message) => {
    const r = await api.call('POST', '/api/admin/users', { token: tokens.super_admin, ...opts });
    expect(r.status).toBe(status);
    expect(r.json.message).toMatch(message);
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const body = { fullName: 'Dup', email: 'dup@test.local', password: 'dup-pass-12', roleIds: [] };
    expect((await api.call('POST', '/api/admin/users', { token: tokens.super_admin, body })).status).toBe(201);
    const again = await api.call('POST', '/api/admin/users', {
      token: tokens.super_admin,
      body: { ...body, email: 'DUP@test.local' },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('A user with this email already exists');
  });

  it('answers 404 for an unknown user and 400 for a non-numeric id', async () => {
    const body = { fullName: 'X', isActive: true, roleIds: [] };
    expect((await api.call('PUT', '/api/admin/users/424242', { token: tokens.super_admin, body })).status).toBe(404);
    const bad = await api.call('PUT', '/api/admin/users/abc', { token: tokens.super_admin, body });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/id must be a number/);
  });
});

describe('roles', () => {
  it('lists the four built-in roles', async () => {
    const r = await api.call('GET', '/api/roles', { token: tokens.super_admin });
    expect(r.json.map((x: { name: string }) => x.name)).toEqual(['super_admin', 'admin', 'seller', 'user']);
  });

  it('creates and deletes a role; refuses a blank or duplicate name, an in-use or built-in role', async () => {
    const blank = await api.call('POST', '/api/roles', { token: tokens.super_admin, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Role name is required');

    const created = await api.call('POST', '/api/roles', {
      token: tokens.super_admin,
      body: { name: 'auditor', description: 'Reads bills' },
    });
    expect(created.status).toBe(201);
    expect((await api.call('POST', '/api/roles', { token: tokens.super_admin, body: { name: 'auditor' } })).status).toBe(409);

    const user = await api.call('POST', '/api/admin/users', {
      token: tokens.super_admin,
      body: { fullName: 'Aud', email: 'aud@test.local', password: 'aud-pass-12', roleIds: [created.json.roleID] },
    });
    const inUse = await api.call('DELETE', `/api/roles/${created.json.roleID}`, { token: tokens.super_admin });
    expect(inUse.status).toBe(409);
    expect(inUse.json.message).toBe('Role is in use.');

    await api.call('PUT', `/api/admin/users/${user.json.userID}`, {
      token: tokens.super_admin,
      body: { fullName: 'Aud', isActive: true, roleIds: [] },
    });
    expect((await api.call('DELETE', `/api/roles/${created.json.roleID}`, { token: tokens.super_admin })).status).toBe(200);
    expect((await api.call('DELETE', `/api/roles/${created.json.roleID}`, { token: tokens.super_admin })).status).toBe(404);
    expect((await api.call('DELETE', '/api/roles/2', { token: tokens.super_admin })).status).toBe(409);
  });

  it('refuses to delete any built-in role, super_admin included, with a 409 that says why', async () => {
    const roles = await api.call('GET', '/api/roles', { token: tokens.super_admin });
    const builtIn = roles.json.filter((r: { name: string }) => isBuiltInRole(r.name));
    expect(builtIn.map((r: { name: string }) => r.name).sort()).toEqual([...ROLES].sort());
    for (const role of builtIn) {
      const r = await api.call('DELETE', `/api/roles/${role.roleID}`, { token: tokens.super_admin });
      expect(r.status, role.name).toBe(409);
      expect(r.json.message).toBe('Built-in roles cannot be deleted');
    }
    const after = await api.call('GET', '/api/roles', { token: tokens.super_admin });
    expect(after.json).toHaveLength(roles.json.length);
  });
});

describe('configuration keys', () => {
  it('adds, renames (save new, delete old) and deletes a key', async () => {
    expect(
      (await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'HelpLine', value: '1800-180-1551' } }))
        .status,
    ).toBe(200);
    expect(
      (await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'HelpDesk', value: '1800-180-1551' } }))
        .status,
    ).toBe(200);
    expect((await api.call('DELETE', '/api/config/HelpLine', { token: tokens.super_admin })).status).toBe(200);
    const list = await api.call('GET', '/api/config', { token: tokens.super_admin });
    const keys = list.json.map((c: { key: string }) => c.key);
    expect(keys).toContain('HelpDesk');
    expect(keys).not.toContain('HelpLine');
    expect((await api.call('DELETE', '/api/config/HelpLine', { token: tokens.super_admin })).status).toBe(404);
  });

  it('refuses an empty key and bad values for known keys', async () => {
    const empty = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: '  ', value: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Key is required');
    const limit = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'PerDayLimit', value: '-3' } });
    expect(limit.status).toBe(400);
    expect(limit.json.message).toMatch(/^Appointments per day: /);
  });

  it('serves public keys to anyone, every other key only to super_admin (like the list)', async () => {
    const open = await api.call('GET', '/api/config/Is_SVS_Form_On');
    expect(open.status).toBe(200);
    expect(open.json).toEqual({ id: 'Is_SVS_Form_On', key: 'Is_SVS_Form_On', value: 'true' });
    for (const token of [await api.tokenFor('admin'), await api.tokenFor('seller'), await api.tokenFor('admin', 'seller')]) {
      expect((await api.call('GET', '/api/config/Is_SVS_Form_On', { token })).status).toBe(200);
    }

    expect(
      (
        await api.call('POST', '/api/config', {
          token: tokens.super_admin,
          body: { key: 'SmsGatewayKey', value: 'not-for-admins' },
        })
      ).status,
    ).toBe(200);
    for (const key of ['PerDayLimit', 'SmsGatewayKey', 'NoSuchKey']) {
      expect((await api.call('GET', `/api/config/${key}`)).status, key).toBe(401);
      for (const token of [await api.tokenFor('admin'), await api.tokenFor('seller'), await api.tokenFor('admin', 'seller')]) {
        const r = await api.call('GET', `/api/config/${key}`, { token });
        expect(r.status, key).toBe(403);
        expect(r.text).not.toContain('not-for-admins');
      }
    }
    expect((await api.call('GET', '/api/config/PerDayLimit', { token: tokens.super_admin })).json.value).toBe('0');
    expect((await api.call('GET', '/api/config/SmsGatewayKey', { token: tokens.super_admin })).json.value).toBe('not-for-admins');
    expect((await api.call('GET', '/api/config/NoSuchKey', { token: tokens.super_admin })).status).toBe(404);
  });
});

describe('season settings', () => {
  it('saves each setting to its key and reads it back', async () => {
    const token = await api.tokenFor('admin');
    const body = {
      Is_SVS_Form_On: false,
      PerDayLimit: 40,
      AppointmentStartDate: '2026-12-01',
      WeeklyOffDay: 0,
      Holidays: ['2026-12-25', '2027-01-26'],
      ShiftLabels: ['Morning', 'Afternoon'],
      RegistrationOpensNext: '2027-03-01',
      CounterAddress: 'Seed store, Gate 2',
      CounterHours: '9 am – 4 pm',
      AllocationMode: 'draw',
      CollectionGraceDays: 3,
      ReservedShares: 'SC/ST=20:SC,ST;Women = 30 : महिला',
      DrawDate: '2027-02-15',
      InstituteName: 'Seed Institute',
      InstituteAddress: 'Pusa, New Delhi 110012',
      InstituteGSTIN: '27AAPFU0939F1ZV',
      GrievanceOfficerName: 'Grievance Officer, Seed Institute',
      GrievanceOfficerContact: '0512-2345678, registrar@example.org',
      ScanRetentionDays: 45,
      AcceptOtherDays: true,
      // Off: the other tests of this file register without a code (on is tested in verify-mobile-at-registration).
      VerifyMobileAtRegistration: false,
    };
    const saved = await api.call('PUT', '/api/settings', { token, body });
    expect(saved.status).toBe(200);
    // The shares come back in their tidy form.
    expect(saved.json).toEqual({ ...body, ReservedShares: 'SC/ST=20:SC,ST; Women=30:महिला' });
    const open = await api.call('GET', '/api/config/Is_SVS_Form_On');
    expect(open.json.value).toBe('false');
    // The grievance officer is public: the registration form's notice names them.
    const officer = await api.call('GET', '/api/config/GrievanceOfficerContact');
    expect(officer.json.value).toBe('0512-2345678, registrar@example.org');
    // Not public: only the counter's check-in reads it.
    expect((await api.call('GET', '/api/config/AcceptOtherDays')).status).toBe(401);
    const bad = await api.call('PUT', '/api/settings', { token, body: { ...body, PerDayLimit: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Must be 0 or more');
  });

  it('refuses reserved shares it cannot read, with the reason, and stores none of the settings sent with them', async () => {
    const token = await api.tokenFor('admin');
    const before = await api.call('GET', '/api/settings', { token });
    const bad = await api.call('PUT', '/api/settings', {
      token,
      body: { ...before.json, PerDayLimit: before.json.PerDayLimit + 7, ReservedShares: 'SC/ST 20 SC' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.ReservedShares).toMatch(/Not a share: SC\/ST 20 SC/);
    expect((await api.call('GET', '/api/settings', { token })).json).toEqual(before.json);
    const over = await api.call('PUT', '/api/settings', { token, body: { ...before.json, CollectionGraceDays: 31 } });
    expect(over.status).toBe(400);
    expect(over.json.fields.CollectionGraceDays).toBe('At most 30');
    const keptTooLong = await api.call('PUT', '/api/settings', { token, body: { ...before.json, ScanRetentionDays: 366 } });
    expect(keptTooLong.status).toBe(400);
    expect(keptTooLong.json.fields.ScanRetentionDays).toBe('At most 365');
  });

  it('refuses reserved shares for people the registration form never records, naming the setting by its label', async () => {
    const token = await api.tokenFor('admin');
    const before = await api.call('GET', '/api/settings', { token });
    const bad = await api.call('PUT', '/api/settings', { token, body: { ...before.json, ReservedShares: 'Women=50:female' } });
    expect(bad.status).toBe(400);
    const problem = bad.json.fields.ReservedShares as string;
    expect(problem).toMatch(/^Reserved shares of the draw: Share Women: no registration has female; /);
    expect(problem).toContain('GEN, OBC, SC, ST, पुरुष, महिला');
    expect(bad.json.message).not.toMatch(/ReservedShares|Invalid value/);
    expect((await api.call('GET', '/api/settings', { token })).json).toEqual(before.json);
    const viaKey = await api.call('POST', '/api/config', {
      token: await api.tokenFor('super_admin'),
      body: { key: 'ReservedShares', value: 'W=30:women' },
    });
    expect(viaKey.status).toBe(400);
    expect(viaKey.json.message).toMatch(/^Reserved shares of the draw: /);
  });
});
