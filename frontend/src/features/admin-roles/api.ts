import { api } from '@web/lib/api';
import type { CreateRoleInput, RoleResponse } from '@shared/schemas/admin';

/** The list may arrive bare or wrapped in { data }. */
export async function listRoles(): Promise<RoleResponse[]> {
  const reply = await api.get<RoleResponse[] | { data: RoleResponse[] }>('/api/roles');
  return Array.isArray(reply) ? reply : (reply?.data ?? []);
}
export const createRole = (input: CreateRoleInput) => api.post<RoleResponse>('/api/roles', input);
export const deleteRole = (id: number) => api.delete<{ success: true }>(`/api/roles/${id}`);
