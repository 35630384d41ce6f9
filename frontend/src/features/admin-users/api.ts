import { api } from '@web/lib/api';
import type { CreateUserInput, RoleResponse, UpdateUserInput, UserResponse } from '@shared/schemas/admin';

export const listUsers = () => api.get<UserResponse[]>('/api/admin/users');
export const createUser = (input: CreateUserInput) => api.post<UserResponse>('/api/admin/users', input);
export const updateUser = (id: number, input: UpdateUserInput) => api.put<UserResponse>(`/api/admin/users/${id}`, input);
export const resetPassword = (id: number, newPassword: string) =>
  api.put<{ success: boolean; message?: string }>(`/api/admin/users/${id}/password`, { newPassword });

/** Roles for the checkboxes; the list may arrive bare or wrapped in { data }. */
export async function listRoles(): Promise<RoleResponse[]> {
  const reply = await api.get<RoleResponse[] | { data: RoleResponse[] }>('/api/roles');
  return Array.isArray(reply) ? reply : (reply?.data ?? []);
}
