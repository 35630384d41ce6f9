import {
  CONFIG_KEYS,
  formatReservedShares,
  isKnownConfigKey,
  isPublicConfigKey,
  validateConfigValue,
  type KnownConfigKey,
} from '@shared/config-keys';
import type {
  ConfigResponse,
  CreateRoleInput,
  CreateUserInput,
  RoleResponse,
  SaveConfigInput,
  SettingsInput,
  SettingsReply,
  UpdateUserInput,
  UserResponse,
} from '@shared/schemas/admin';
import { isBuiltInRole } from '@shared/roles';
import { fieldChanges, type AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import {
  deleteConfigItem,
  getConfigItem,
  getSettings,
  listConfigItems,
  putConfigItem,
  putConfigItems,
} from '../lib/config-store';
import { nextValue } from '../lib/counters';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { deleteRoleItems, getRole, insertRole, listRoles, roleNames } from '../lib/roles-store';
import { getUser, insertUser, listUsers, updateUserFields, type UserItem } from '../lib/users-store';

// ---- users ----

async function toUserResponse(u: UserItem, names?: Map<number, string>): Promise<UserResponse> {
  const map = names ?? (await roleNames(u.roleIds ?? []));
  const roleIds = (u.roleIds ?? []).filter((id) => map.has(id));
  return {
    userID: u.userID,
    fullName: u.fullName,
    email: u.email,
    isActive: u.isActive,
    roleIds,
    roles: roleIds.map((id) => map.get(id)!),
    createdOn: u.createdOn,
  };
}

async function checkRoleIds(ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const names = await roleNames(unique);
  const unknown = unique.filter((id) => !names.has(id));
  if (unknown.length) throw badRequest(`Unknown role id: ${unknown.join(', ')}`, { roleIds: 'Unknown role' });
  return unique;
}

export async function getUsers(): Promise<UserResponse[]> {
  const [users, roles] = await Promise.all([listUsers(), listRoles()]);
  const names = new Map(roles.map((r) => [r.roleID, r.name]));
  return Promise.all(users.map((u) => toUserResponse(u, names)));
}

/** Names of staff accounts, for the 'created by' filter on bills. */
export async function getUserNames(): Promise<{ userID: number; fullName: string }[]> {
  return (await listUsers()).map((u) => ({ userID: u.userID, fullName: u.fullName }));
}

/** What an entry may show of an account: never its password or hash. */
const USER_FIELDS = ['fullName', 'email', 'isActive', 'roleIds'] as const;

export async function createUser(input: CreateUserInput, audit: AuditTrail): Promise<UserResponse> {
  const roleIds = await checkRoleIds(input.roleIds);
  const user: UserItem = {
    userID: await nextValue('users'),
    fullName: input.fullName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    isActive: input.isActive,
    roleIds,
    createdOn: new Date().toISOString(),
  };
  const entry = audit.put(
    { type: 'user', id: user.userID },
    { summary: `account ${user.email} created`, fields: fieldChanges(undefined, user, USER_FIELDS) },
  );
  if (!(await insertUser(user, entry))) throw conflict('A user with this email already exists');
  return toUserResponse(user);
}

export async function updateUser(id: number, input: UpdateUserInput, caller: Caller, audit: AuditTrail): Promise<UserResponse> {
  const roleIds = await checkRoleIds(input.roleIds);
  if (id === caller.userID) {
    const names = await roleNames(roleIds);
    if (!input.isActive || ![...names.values()].includes('super_admin')) {
      throw badRequest('You cannot deactivate yourself or remove your own super_admin role');
    }
  }
  const before = await getUser(id, true);
  if (!before) throw notFound('User not found');
  const fields = { fullName: input.fullName, isActive: input.isActive, roleIds };
  const after = { ...before, ...fields };
  const entry = audit.put(
    { type: 'user', id },
    { summary: `account ${before.email} changed`, fields: fieldChanges(before, after, USER_FIELDS) },
  );
  // Deactivation or other roles end the account's sessions in the same write; a new name alone does not.
  const updated = await updateUserFields(before, fields, { endSessions: accessChanged(before, after) }, entry);
  if (!updated) throw notFound('User not found');
  return toUserResponse(updated);
}

function accessChanged(before: UserItem, after: UserItem): boolean {
  const ids = (u: UserItem) => [...new Set(u.roleIds ?? [])].sort((a, b) => a - b).join(',');
  return before.isActive !== after.isActive || ids(before) !== ids(after);
}

export async function resetPassword(
  id: number,
  newPassword: string,
  audit: AuditTrail,
): Promise<{ success: true; message: string }> {
  const before = await getUser(id, true);
  if (!before) throw notFound('User not found');
  const entry = audit.put({ type: 'user', id }, { summary: `password of ${before.email} reset; its sessions ended` });
  const updated = await updateUserFields(before, { passwordHash: await hashPassword(newPassword) }, { endSessions: true }, entry);
  if (!updated) throw notFound('User not found');
  return { success: true, message: 'Password updated.' };
}

// ---- roles ----

export async function getRoles(): Promise<RoleResponse[]> {
  return (await listRoles()).sort((a, b) => a.roleID - b.roleID);
}

export async function createRole(input: CreateRoleInput, audit: AuditTrail): Promise<RoleResponse> {
  const role = { roleID: await nextValue('roles'), name: input.name, description: input.description };
  const entry = audit.put({ type: 'role', id: role.roleID }, { summary: `role ${role.name} created` });
  if (!(await insertRole(role, entry))) throw conflict(`A role named ${input.name} already exists`);
  return role;
}

export async function deleteRole(id: number, audit: AuditTrail): Promise<{ success: true }> {
  const role = await getRole(id);
  if (!role) throw notFound('Role not found');
  if (isBuiltInRole(role.name)) throw conflict('Built-in roles cannot be deleted');
  const users = await listUsers();
  if (users.some((u) => (u.roleIds ?? []).includes(id))) throw conflict('Role is in use.');
  await deleteRoleItems(role, audit.put({ type: 'role', id }, { summary: `role ${role.name} deleted` }));
  return { success: true };
}

// ---- configuration keys ----

const toConfig = (key: string, value: string): ConfigResponse => ({ id: key, key, value });

export async function getConfigs(): Promise<ConfigResponse[]> {
  return (await listConfigItems()).map((c) => toConfig(c.key, c.value)).sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Public keys (the ones the public pages read) are open to all; any other key is raw configuration, for
 * super_admin only like the list (admins read and write the season settings through /api/settings).
 * Unset known keys give their default.
 */
export async function getConfig(key: string, caller: Caller | null): Promise<ConfigResponse> {
  if (!isPublicConfigKey(key)) {
    if (!caller) throw unauthorized();
    if (!caller.roles.includes('super_admin')) throw forbidden();
  }
  const item = await getConfigItem(key);
  if (item) return toConfig(item.key, item.value);
  if (isKnownConfigKey(key)) {
    const def = CONFIG_KEYS[key];
    return toConfig(key, (def.format as (v: unknown) => string)(def.default));
  }
  throw notFound(`No configuration key ${key}`);
}

export async function saveConfig(input: SaveConfigInput, caller: Caller, audit: AuditTrail): Promise<ConfigResponse> {
  const problem = validateConfigValue(input.key, input.value);
  if (problem) throw badRequest(problem, { value: problem });
  const before = await getConfigItem(input.key);
  const entry = audit.put(
    { type: 'config', id: input.key },
    { fields: [{ field: input.key, before: before?.value ?? '', after: input.value }] },
  );
  const saved = await putConfigItem(input.key, input.value, caller.userID, entry);
  return toConfig(saved.key, saved.value);
}

/**
 * Deletes a key the product does not read. A setting the product reads is never deleted (deleting would only
 * put its default back behind the admin's back): it is changed instead
 * (docs/product-rules.md#the-configs-page-names-each-setting-and-keeps-the-ones-the-product-needs).
 */
export async function removeConfig(key: string, audit: AuditTrail): Promise<{ success: true }> {
  if (isKnownConfigKey(key)) {
    throw conflict(`${CONFIG_KEYS[key].label} is a setting the product needs: it cannot be deleted. Change its value instead.`);
  }
  const before = await getConfigItem(key);
  if (!before) throw notFound(`No configuration key ${key}`);
  const entry = audit.put(
    { type: 'config', id: key },
    { summary: 'key removed', fields: [{ field: key, before: before.value, after: '' }] },
  );
  if (!(await deleteConfigItem(key, entry))) throw notFound(`No configuration key ${key}`);
  return { success: true };
}

// ---- season settings (typed view over known keys) ----

const SETTINGS_KEYS = [
  'Is_SVS_Form_On',
  'PerDayLimit',
  'AppointmentStartDate',
  'WeeklyOffDay',
  'Holidays',
  'ShiftLabels',
  'RegistrationOpensNext',
  'CounterAddress',
  'CounterHours',
  'AllocationMode',
  'CollectionGraceDays',
  'ReservedShares',
  'DrawDate',
  'InstituteName',
  'InstituteAddress',
  'InstituteGSTIN',
  'GrievanceOfficerName',
  'GrievanceOfficerContact',
  'ScanRetentionDays',
  'AcceptOtherDays',
  'VerifyMobileAtRegistration',
] as const satisfies readonly KnownConfigKey[];

export async function getSeasonSettings(): Promise<SettingsReply> {
  const settings = await getSettings(SETTINGS_KEYS);
  // The shares travel as the text the admin edits.
  return { ...settings, ReservedShares: formatReservedShares(settings.ReservedShares) };
}

/** The text stored for a setting: the value formatted; the reserved shares come as text already. */
function settingText(key: (typeof SETTINGS_KEYS)[number], value: unknown): string {
  if (key === 'ReservedShares') return String(value);
  return (CONFIG_KEYS[key].format as (v: unknown) => string)(value);
}

export async function saveSeasonSettings(input: SettingsInput, caller: Caller, audit: AuditTrail): Promise<SettingsReply> {
  const texts: [KnownConfigKey, string][] = [];
  // Every value is checked before any is stored: a refused share text leaves the other settings as they were.
  for (const key of SETTINGS_KEYS) {
    if (input[key] === undefined) continue;
    const text = settingText(key, input[key]);
    const problem = validateConfigValue(key, text);
    if (problem) throw badRequest(problem, { [key]: problem });
    texts.push([key, key === 'ReservedShares' ? formatReservedShares(CONFIG_KEYS.ReservedShares.parse(text)) : text]);
  }
  const before = new Map((await listConfigItems()).map((c) => [c.key, c.value]));
  const fields = texts.map(([key, text]) => ({ field: key, before: before.get(key) ?? '', after: text }));
  // One transaction with one entry: the settings saved together, each change shown before -> after.
  await putConfigItems(texts, caller.userID, audit.put({ type: 'settings', id: 'season' }, { fields }));
  return getSeasonSettings();
}
