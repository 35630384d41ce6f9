import * as z from 'zod';
import {
  ConfigKeyParam,
  CreateRoleInput,
  CreateUserInput,
  ResetPasswordInput,
  SaveConfigInput,
  SettingsInput,
  UpdateUserInput,
} from '../schemas/admin';
import { AuditQuery, AuditReply } from '../schemas/audit';
import { IdParam } from '../schemas/common';
import { ReconcileReply } from '../schemas/reconcile';
import {
  ConfigReply,
  PasswordResetReply,
  RoleReply,
  SettingsReply,
  SuccessReply,
  UserNameReply,
  UserReply,
} from '../schemas/replies/admin';
import type { AreaContract } from './types';

export const adminContract = {
  'GET /api/admin/users': { reply: z.array(UserReply) },
  'POST /api/admin/users': { body: CreateUserInput, reply: UserReply },
  'PUT /api/admin/users/{id}': { params: IdParam, body: UpdateUserInput, reply: UserReply },
  'PUT /api/admin/users/{id}/password': { params: IdParam, body: ResetPasswordInput, reply: PasswordResetReply },
  'GET /api/admin/users/names': { reply: z.array(UserNameReply) },
  'GET /api/roles': { reply: z.array(RoleReply) },
  'POST /api/roles': { body: CreateRoleInput, reply: RoleReply },
  'DELETE /api/roles/{id}': { params: IdParam, reply: SuccessReply },
  'GET /api/config': { reply: z.array(ConfigReply) },
  'GET /api/config/{key}': { params: ConfigKeyParam, reply: ConfigReply },
  'POST /api/config': { body: SaveConfigInput, reply: ConfigReply },
  'DELETE /api/config/{key}': { params: ConfigKeyParam, reply: SuccessReply },
  'GET /api/settings': { reply: SettingsReply },
  'PUT /api/settings': { body: SettingsInput, reply: SettingsReply },
  'GET /api/audit': { query: AuditQuery, reply: AuditReply },
  'POST /api/admin/reconcile': { reply: ReconcileReply },
} as const satisfies AreaContract<'admin'>;
