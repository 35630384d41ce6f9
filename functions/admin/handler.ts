import { defineArea } from '../lib/handler';
import { IdParam } from '@shared/schemas/common';
import {
  ConfigKeyParam,
  CreateRoleInput,
  CreateUserInput,
  ResetPasswordInput,
  SaveConfigInput,
  SettingsInput,
  UpdateUserInput,
} from '@shared/schemas/admin';
import { json } from '../lib/http';
import { requireSecondFactor } from '../lib/second-factor-policy';
import { AuditQuery } from '@shared/schemas/audit';
import { auditPage } from './audit';
import { reconcileNow } from './reconcile';
import * as admin from './service';

export const handler = defineArea('admin', {
  'GET /api/admin/users': { handle: () => admin.getUsers() },
  'GET /api/admin/users/names': { handle: () => admin.getUserNames() },
  'POST /api/admin/users': {
    body: CreateUserInput,
    handle: async ({ body, audit }) => json(await admin.createUser(body, audit), 201),
  },
  'PUT /api/admin/users/{id}': {
    params: IdParam,
    body: UpdateUserInput,
    handle: ({ params, body, caller, audit }) => admin.updateUser(params.id, body, caller!, audit),
  },
  'PUT /api/admin/users/{id}/password': {
    params: IdParam,
    body: ResetPasswordInput,
    handle: ({ params, body, audit }) => admin.resetPassword(params.id, body.newPassword, audit),
  },
  'GET /api/roles': { handle: () => admin.getRoles() },
  'POST /api/roles': {
    body: CreateRoleInput,
    handle: async ({ body, audit }) => json(await admin.createRole(body, audit), 201),
  },
  'DELETE /api/roles/{id}': { params: IdParam, handle: ({ params, audit }) => admin.deleteRole(params.id, audit) },
  'GET /api/config': { handle: () => admin.getConfigs() },
  'GET /api/config/{key}': {
    params: ConfigKeyParam,
    handle: async ({ params, caller }) => {
      const value = await admin.getConfig(params.key, caller);
      // Public keys are read by every farmer opening the form: let the CDN keep them briefly.
      return json(value, 200, caller ? {} : { 'cache-control': 'public, max-age=30' });
    },
  },
  'POST /api/config': { body: SaveConfigInput, handle: ({ body, caller, audit }) => admin.saveConfig(body, caller!, audit) },
  'DELETE /api/config/{key}': { params: ConfigKeyParam, handle: ({ params, audit }) => admin.removeConfig(params.key, audit) },
  'GET /api/settings': { handle: () => admin.getSeasonSettings() },
  'PUT /api/settings': {
    body: SettingsInput,
    handle: ({ body, caller, audit }) => admin.saveSeasonSettings(body, caller!, audit),
  },
  'GET /api/audit': {
    query: AuditQuery,
    handle: async ({ query, caller }) => {
      await requireSecondFactor(caller, 'audit');
      return auditPage(query);
    },
  },
  'POST /api/admin/reconcile': { handle: ({ audit }) => reconcileNow(audit) },
});
