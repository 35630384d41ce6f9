import { LoginInput } from '../schemas/auth';
import { LoginReply, MeReply } from '../schemas/replies/auth';
import type { AreaContract } from './types';

export const authContract = {
  'POST /auth/login': { body: LoginInput, reply: LoginReply },
  'GET /auth/me': { reply: MeReply },
} as const satisfies AreaContract<'auth'>;
