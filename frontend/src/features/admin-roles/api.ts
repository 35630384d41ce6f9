import { call } from '@web/lib/api';
import type { CreateRoleInput, RoleResponse } from '@shared/schemas/admin';

/** The list may arrive bare or wrapped in { data }. */
export async function listRoles(): Promise<RoleResponse[]> {
  const reply = (await call('GET /api/roles')) as RoleResponse[] | { data?: RoleResponse[] };
  return Array.isArray(reply) ? reply : (reply?.data ?? []);
}
export const createRole = (input: CreateRoleInput) => call('POST /api/roles', { body: input });
export const deleteRole = (id: number) => call('DELETE /api/roles/{id}', { params: { id } });
