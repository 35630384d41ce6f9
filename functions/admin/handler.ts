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
import * as admin from './service';

export const handler = defineArea('admin', {
  'GET /api/admin/users': { handle: () => admin.getUsers() },
  'GET /api/admin/users/names': { handle: () => admin.getUserNames() },
  'POST /api/admin/users': {
    body: CreateUserInput,
    handle: async ({ body }) => json(await admin.createUser(body), 201),
  },
  'PUT /api/admin/users/{id}': {
    params: IdParam,
    body: UpdateUserInput,
    handle: ({ params, body, caller }) => admin.updateUser(params.id, body, caller!),
  },
  'PUT /api/admin/users/{id}/password': {
    params: IdParam,
    body: ResetPasswordInput,
    handle: ({ params, body }) => admin.resetPassword(params.id, body.newPassword),
  },
  'GET /api/roles': { handle: () => admin.getRoles() },
  'POST /api/roles': {
    body: CreateRoleInput,
    handle: async ({ body }) => json(await admin.createRole(body), 201),
  },
  'DELETE /api/roles/{id}': { params: IdParam, handle: ({ params }) => admin.deleteRole(params.id) },
  'GET /api/config': { handle: () => admin.getConfigs() },
  'GET /api/config/{key}': {
    params: ConfigKeyParam,
    handle: async ({ params, caller }) => {
      const value = await admin.getConfig(params.key, caller);
      // Public keys are read by every farmer opening the form: let the CDN keep them briefly.
      return json(value, 200, caller ? {} : { 'cache-control': 'public, max-age=30' });
    },
  },
  'POST /api/config': { body: SaveConfigInput, handle: ({ body, caller }) => admin.saveConfig(body, caller!) },
  'DELETE /api/config/{key}': { params: ConfigKeyParam, handle: ({ params }) => admin.removeConfig(params.key) },
  'GET /api/settings': { handle: () => admin.getSeasonSettings() },
  'PUT /api/settings': { body: SettingsInput, handle: ({ body, caller }) => admin.saveSeasonSettings(body, caller!) },
});
