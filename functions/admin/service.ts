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
import type { Caller } from '../lib/caller';
import { deleteConfigItem, getConfigItem, getSettings, listConfigItems, putConfigItem } from '../lib/config-store';
import { nextValue } from '../lib/counters';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { deleteRoleItems, getRole, insertRole, listRoles, roleNames } from '../lib/roles-store';
import { endUserSessions, insertUser, listUsers, updateUserFields, type UserItem } from '../lib/users-store';

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

export async function createUser(input: CreateUserInput): Promise<UserResponse> {
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
  if (!(await insertUser(user))) throw conflict('A user with this email already exists');
  return toUserResponse(user);
}

export async function updateUser(id: number, input: UpdateUserInput, caller: Caller): Promise<UserResponse> {
  const roleIds = await checkRoleIds(input.roleIds);
  if (id === caller.userID) {
    const names = await roleNames(roleIds);
    if (!input.isActive || ![...names.values()].includes('super_admin')) {
      throw badRequest('You cannot deactivate yourself or remove your own super_admin role');
    }
  }
  const updated = await updateUserFields(id, { fullName: input.fullName, isActive: input.isActive, roleIds });
  if (!updated) throw notFound('User not found');
  // Deactivation or other roles end the account's sessions; a new name alone does not.
  if (accessChanged(updated.before, updated.after)) await endUserSessions(id);
  return toUserResponse(updated.after);
}

function accessChanged(before: UserItem, after: UserItem): boolean {
  const ids = (u: UserItem) => [...new Set(u.roleIds ?? [])].sort((a, b) => a - b).join(',');
  return before.isActive !== after.isActive || ids(before) !== ids(after);
}

export async function resetPassword(id: number, newPassword: string): Promise<{ success: true; message: string }> {
  const updated = await updateUserFields(id, { passwordHash: await hashPassword(newPassword) }, { endSessions: true });
  if (!updated) throw notFound('User not found');
  return { success: true, message: 'Password updated.' };
}

// ---- roles ----

export async function getRoles(): Promise<RoleResponse[]> {
  return (await listRoles()).sort((a, b) => a.roleID - b.roleID);
}

export async function createRole(input: CreateRoleInput): Promise<RoleResponse> {
  const role = { roleID: await nextValue('roles'), name: input.name, description: input.description };
  if (!(await insertRole(role))) throw conflict(`A role named ${input.name} already exists`);
  return role;
}

export async function deleteRole(id: number): Promise<{ success: true }> {
  const role = await getRole(id);
  if (!role) throw notFound('Role not found');
  if (isBuiltInRole(role.name)) throw conflict('Built-in roles cannot be deleted');
  const users = await listUsers();
  if (users.some((u) => (u.roleIds ?? []).includes(id))) throw conflict('Role is in use.');
  await deleteRoleItems(role);
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

export async function saveConfig(input: SaveConfigInput, caller: Caller): Promise<ConfigResponse> {
  const problem = validateConfigValue(input.key, input.value);
  if (problem) throw badRequest(problem, { value: problem });
  const saved = await putConfigItem(input.key, input.value, caller.userID);
  return toConfig(saved.key, saved.value);
}

export async function removeConfig(key: string): Promise<{ success: true }> {
  if (!(await deleteConfigItem(key))) throw notFound(`No configuration key ${key}`);
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

export async function saveSeasonSettings(input: SettingsInput, caller: Caller): Promise<SettingsReply> {
  const texts: [KnownConfigKey, string][] = [];
  // Every value is checked before any is stored: a refused share text leaves the other settings as they were.
  for (const key of SETTINGS_KEYS) {
    if (input[key] === undefined) continue;
    const text = settingText(key, input[key]);
    const problem = validateConfigValue(key, text);
    if (problem) throw new AppError('VALIDATION', problem, { fields: { [key]: problem } });
    texts.push([key, key === 'ReservedShares' ? formatReservedShares(CONFIG_KEYS.ReservedShares.parse(text)) : text]);
  }
  for (const [key, text] of texts) await putConfigItem(key, text, caller.userID);
  return getSeasonSettings();
}
