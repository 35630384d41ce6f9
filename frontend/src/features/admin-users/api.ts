import { call } from '@web/lib/api';
import type { CreateUserInput, RoleResponse, UpdateUserInput } from '@shared/schemas/admin';

export const listUsers = () => call('GET /api/admin/users');
export const createUser = (input: CreateUserInput) => call('POST /api/admin/users', { body: input });
export const updateUser = (id: number, input: UpdateUserInput) =>
  call('PUT /api/admin/users/{id}', { params: { id }, body: input });
export const resetPassword = (id: number, newPassword: string) =>
  call('PUT /api/admin/users/{id}/password', { params: { id }, body: { newPassword } });

/** Roles for the checkboxes; the list may arrive bare or wrapped in { data }. */
export async function listRoles(): Promise<RoleResponse[]> {
  const reply = (await call('GET /api/roles')) as RoleResponse[] | { data?: RoleResponse[] };
  return Array.isArray(reply) ? reply : (reply?.data ?? []);
}

/** A super_admin removes another account's second factor (a lost phone); its sessions end (audited). */
export const resetSecondFactor = (id: number) => call('DELETE /api/admin/users/{id}/second-factor', { params: { id } });
