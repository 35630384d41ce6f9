import { LoginInput } from '../schemas/auth';
import { IdParam } from '../schemas/common';
import { SecondFactorConfirmInput, SecondFactorVerifyInput } from '../schemas/second-factor';
import { LoginReply, MeReply, SessionReply } from '../schemas/replies/auth';
import { SecondFactorEnrolReply, SecondFactorResetReply, SecondFactorStatusReply } from '../schemas/replies/second-factor';
import type { AreaContract } from './types';

export const authContract = {
  'POST /auth/login': { body: LoginInput, reply: LoginReply },
  'GET /auth/me': { reply: MeReply },

  // the staff second factor (docs/decisions/0044-staff-second-factor.md)
  'GET /auth/second-factor': { reply: SecondFactorStatusReply },
  'POST /auth/second-factor/enrol': { reply: SecondFactorEnrolReply },
  'POST /auth/second-factor/confirm': { body: SecondFactorConfirmInput, reply: SessionReply },
  'POST /auth/second-factor/verify': { body: SecondFactorVerifyInput, reply: SessionReply },
  'DELETE /api/admin/users/{id}/second-factor': { params: IdParam, reply: SecondFactorResetReply },
} as const satisfies AreaContract<'auth'>;
