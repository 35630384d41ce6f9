import { defineArea, route } from '../lib/handler';
import { LoginInput } from '@shared/schemas/auth';
import { login } from './service';

export const handler = defineArea('auth', {
  'POST /auth/login': route({
    body: LoginInput,
    handle: ({ body, sourceIp }) => login(body, sourceIp),
  }),
  'GET /auth/me': route({
    handle: async ({ caller }) => ({ ...caller!, role: caller!.roles.join(',') }),
  }),
});
