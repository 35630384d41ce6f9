import { defineArea } from '../lib/handler';
import { LoginInput } from '@shared/schemas/auth';
import { login } from './service';

export const handler = defineArea('auth', {
  'POST /auth/login': {
    body: LoginInput,
    handle: ({ body, sourceIp }) => login(body, sourceIp),
  },
  'GET /auth/me': {
    handle: async ({ caller }) => ({ ...caller!, role: caller!.roles.join(',') }),
  },
});
