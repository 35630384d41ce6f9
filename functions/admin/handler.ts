import { defineArea, route } from '../lib/handler';
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
  'GET /api/admin/users': route({ handle: () => admin.getUsers() }),
  'GET /api/admin/users/names': route({ handle: () => admin.getUserNames() }),
  'POST /api/admin/users': route({
    body: CreateUserInput,
    handle: async ({ body }) => json(await admin.createUser(body), 201),
  }),
  'PUT /api/admin/users/{id}': route({
    params: IdParam,
    body: UpdateUserInput,
    handle: ({ params, body, caller }) => admin.updateUser(params.id, body, caller!),
  }),
  'PUT /api/admin/users/{id}/password': route({
    params: IdParam,
    body: ResetPasswordInput,
    handle: ({ params, body }) => admin.resetPassword(params.id, body.newPassword),
  }),
  'GET /api/roles': route({ handle: () => admin.getRoles() }),
  'POST /api/roles': route({
    body: CreateRoleInput,
    handle: async ({ body }) => json(await admin.createRole(body), 201),
  }),
  'DELETE /api/roles/{id}': route({ params: IdParam, handle: ({ params }) => admin.deleteRole(params.id) }),
  'GET /api/config': route({ handle: () => admin.getConfigs() }),
  'GET /api/config/{key}': route({
    params: ConfigKeyParam,
    handle: async ({ params, caller }) => {
      const value = await admin.getConfig(params.key, caller);
      // Public keys are read by every farmer opening the form: let the CDN keep them briefly.
      return json(value, 200, caller ? {} : { 'cache-control': 'public, max-age=30' });
    },
  }),
  'POST /api/config': route({ body: SaveConfigInput, handle: ({ body, caller }) => admin.saveConfig(body, caller!) }),
  'DELETE /api/config/{key}': route({ params: ConfigKeyParam, handle: ({ params }) => admin.removeConfig(params.key) }),
  'GET /api/settings': route({ handle: () => admin.getSeasonSettings() }),
  'PUT /api/settings': route({ body: SettingsInput, handle: ({ body, caller }) => admin.saveSeasonSettings(body, caller!) }),
});
