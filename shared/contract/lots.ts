import * as z from 'zod';
import { IdParam } from '../schemas/common';
import {
  CreateLotInput,
  ForCropQuery,
  LotCodeParam,
  LotListQuery,
  PreviewCodeQuery,
  QrQuery,
  QrSvgQuery,
  UpdateLotInput,
} from '../schemas/lots';
import { LotCodePreviewReply, LotForCropReply, LotRemovedReply, LotReply, PublicLotReply } from '../schemas/replies/lots';
import type { AreaContract } from './types';

export const lotsContract = {
  'GET /api/lots': { query: LotListQuery, reply: z.array(LotReply) },
  'GET /api/lots/preview-code': { query: PreviewCodeQuery, reply: LotCodePreviewReply },
  'GET /api/lots/for-crop': { query: ForCropQuery, reply: z.array(LotForCropReply) },
  'GET /api/lots/by-code/{code}': { params: LotCodeParam, reply: PublicLotReply },
  'GET /api/lots/by-code/{code}/qrcode.svg': { params: LotCodeParam, query: QrSvgQuery, reply: 'image' },
  'GET /api/lots/{id}': { params: IdParam, reply: LotReply },
  'POST /api/lots': { body: CreateLotInput, reply: LotReply },
  'PUT /api/lots/{id}': { params: IdParam, body: UpdateLotInput, reply: LotReply },
  'DELETE /api/lots/{id}': { params: IdParam, reply: LotRemovedReply },
  'GET /api/lots/{id}/qrcode.png': { params: IdParam, query: QrQuery, reply: 'image' },
  'GET /api/lots/{id}/qrcode.svg': { params: IdParam, query: QrSvgQuery, reply: 'image' },
  'GET /lot/{code}': { reply: 'html' },
} as const satisfies AreaContract<'lots'>;
