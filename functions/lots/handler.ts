import { IdParam } from '@shared/schemas/common';
import {
  CreateLotInput,
  ForCropQuery,
  LotCodeParam,
  LotListQuery,
  PreviewCodeQuery,
  QrQuery,
  QrSvgQuery,
  UpdateLotInput,
} from '@shared/schemas/lots';
import { defineArea } from '../lib/handler';
import { binary, json, text } from '../lib/http';
import { qrImageHeaders } from '../lib/qr';
import * as lots from './service';
import { lotPage, lotRefusal } from './lot-page';
import { servePage } from '../lib/pages/serve';
import { LOT_MESSAGES } from '../lib/pages/page-messages';

/**
 * QR images never change for a lot (its code is permanent), so caches may keep them for a year: staff
 * images privately (they need a token), the public SVG in shared caches too.
 */
const imageHeaders = (lotCode: string, ext: 'png' | 'svg', download: boolean, shared: boolean) =>
  qrImageHeaders(`lot-${lotCode}.${ext}`, { download, shared });

export const handler = defineArea('lots', {
  'GET /api/lots': { query: LotListQuery, handle: ({ query }) => lots.list(query) },
  'GET /api/lots/preview-code': { query: PreviewCodeQuery, handle: ({ query }) => lots.previewCode(query) },
  'GET /api/lots/for-crop': { query: ForCropQuery, handle: ({ query }) => lots.forCrop(query.cropId) },
  'GET /api/lots/by-code/{code}': {
    params: LotCodeParam,
    handle: async ({ params }) => json(await lots.byCode(params.code), 200, { 'cache-control': 'public, max-age=30' }),
  },
  'GET /api/lots/by-code/{code}/qrcode.svg': {
    params: LotCodeParam,
    query: QrSvgQuery,
    handle: async ({ params, query }) => {
      const img = await lots.qrSvgByCode(params.code);
      return text(img.data as string, 'image/svg+xml; charset=utf-8', imageHeaders(img.lotCode, 'svg', query.download, true));
    },
  },
  'GET /api/lots/{id}': { params: IdParam, handle: ({ params }) => lots.get(params.id) },
  'POST /api/lots': { body: CreateLotInput, handle: async ({ body, audit }) => json(await lots.create(body, audit), 201) },
  'PUT /api/lots/{id}': {
    params: IdParam,
    body: UpdateLotInput,
    handle: ({ params, body, audit }) => lots.update(params.id, body, audit),
  },
  'DELETE /api/lots/{id}': { params: IdParam, handle: ({ params, audit }) => lots.remove(params.id, audit) },
  'GET /api/lots/{id}/qrcode.png': {
    params: IdParam,
    query: QrQuery,
    handle: async ({ params, query }) => {
      const img = await lots.qrPng(params.id, query.size);
      return binary(img.data as Buffer, 'image/png', imageHeaders(img.lotCode, 'png', query.download, false));
    },
  },
  'GET /api/lots/{id}/qrcode.svg': {
    params: IdParam,
    query: QrSvgQuery,
    handle: async ({ params, query }) => {
      const img = await lots.qrSvg(params.id);
      return text(img.data as string, 'image/svg+xml; charset=utf-8', imageHeaders(img.lotCode, 'svg', query.download, false));
    },
  },
  'GET /lot/{code}': { handle: ({ event }) => servePage(event, lotPage, { messages: LOT_MESSAGES, refusal: lotRefusal }) },
});
