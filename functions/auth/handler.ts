import { defineArea } from '../lib/handler';
import { LoginInput } from '@shared/schemas/auth';
import { IdParam } from '@shared/schemas/common';
import { SecondFactorConfirmInput, SecondFactorVerifyInput } from '@shared/schemas/second-factor';
import { login } from './service';
import * as secondFactor from './second-factor';

export const handler = defineArea('auth', {
  'POST /auth/login': {
    body: LoginInput,
    handle: ({ body, sourceIp }) => login(body, sourceIp),
  },
  'GET /auth/me': {
    handle: async ({ caller }) => {
      const { userID, name, email, roles } = caller!;
      return { userID, name, email, roles, role: roles.join(',') };
    },
  },

  // the staff second factor (docs/decisions/0044-staff-second-factor.md)
  'GET /auth/second-factor': { handle: ({ caller }) => secondFactor.status(caller!) },
  'POST /auth/second-factor/enrol': { handle: ({ caller }) => secondFactor.enrol(caller!) },
  'POST /auth/second-factor/confirm': {
    body: SecondFactorConfirmInput,
    handle: ({ caller, body, audit }) => secondFactor.confirm(caller!, body.code, audit),
  },
  'POST /auth/second-factor/verify': {
    body: SecondFactorVerifyInput,
    handle: ({ body }) => secondFactor.verify(body),
  },
  'DELETE /api/admin/users/{id}/second-factor': {
    params: IdParam,
    handle: ({ caller, params, audit }) => secondFactor.reset(caller!, params.id, audit),
  },
});
