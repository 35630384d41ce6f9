import * as z from 'zod';
import { requireSecondFactor } from '../lib/second-factor-policy';
import { FarmerCancelRequest, StaffCancelRequest } from '@shared/schemas/allocation';
import { CapacityQuery } from '@shared/schemas/capacity';
import {
  FindLetterInput,
  LETTER_CODE_RE,
  LetterCodeParam,
  LetterQrQuery,
  UploadUrlInput,
  kolkataDate,
} from '@shared/schemas/registration';
import {
  FarmerLinkInput,
  RegistrationIdParam,
  RegistrationListQuery,
  RegistrationYearQuery,
} from '@shared/schemas/registration-staff';
import { formatDay } from '@shared/format';
import {
  CloseSeasonInput,
  DataRequestIdParam,
  DataRequestInput,
  DataRequestListQuery,
  MyDataInput,
  ResolveDataRequestInput,
} from '@shared/schemas/records';
import { cancelByFarmer, cancelRegistration } from './cancel';
import { OtpRequestInput, OtpVerifyInput } from '@shared/schemas/farmer-otp';
import { requestCode, verifyCode } from './farmer-codes';
import { myRegistrations } from './farmer-session';
import { appendAudit } from '../lib/audit-log';
import { defineArea, parseJsonBody } from '../lib/handler';
import { AppError, notFound } from '../lib/errors';
import { binary, json } from '../lib/http';
import { qrImageHeaders } from '../lib/qr';
import { capacityAhead } from './capacity';
import { listDataRequests, resolveDataRequest } from './data-requests';
import { askAboutMyData, myData } from './farmer-data';
import { closeSeason, retentionStatus } from './retention';
import { listRegistrations } from './list';
import { confirmFarmerLink } from './registration-link';
import { presignDownload } from './scan-store';
import { findLetter } from './find-letter';
import { letterNotFound } from './letter-errors';
import { findRegistration, letterByCode, letterById, letterQr } from './letters';
import { registrationView } from './registration-view';
import { assertFormOpen } from './submit';
import { submitProven } from './mobile-proof';
import { acceptsPage, plainFormOf, showBasicForm, showRegistrationPage, submitBasicForm } from './basic-form';
import { findLetterFromPage, isPageFormPost, showFindLetterPage } from './find-letter-plain';
import { parseForm } from './parse-form';
import { isMultipart, parseSubmission, readSubmission, submissionOf } from './submission';
import { letterPage, letterRefusal } from './letter-page';
import { servePage } from '../lib/pages/serve';
import { LETTER_MESSAGES } from '../lib/pages/page-messages';
import { createUploadUrl, DOWNLOAD_URL_SECONDS } from './uploads';

/** How long the admin's request to close a season deletes scans before answering; the daily job does the rest. */
const CLOSE_SEASON_REQUEST_MS = 5_000;

const scanDeletedMessage = (day: string) => `The Aadhaar scan was deleted on ${formatDay(day)} under the retention rule.`;

const AnyBody = z.unknown();

export const handler = defineArea('registrations', {
  'POST /svsregistration/upload-url': {
    body: AnyBody,
    handle: async ({ body }) => {
      await assertFormOpen();
      const input = parseForm(UploadUrlInput, body);
      return json(await createUploadUrl(input), 201);
    },
  },

  'POST /svsregistration': {
    rawBody: true,
    handle: async ({ event, caller, sourceIp, audit }) => {
      if (isMultipart(event)) {
        // The plain forms' posts are known by their hidden field, or, unreadable, by a browser asking for a page.
        const posted = await readSubmission(event).catch((e: unknown) => (e instanceof AppError ? e : Promise.reject(e)));
        const plain = posted instanceof AppError ? undefined : plainFormOf(posted);
        if (plain || (posted instanceof AppError && acceptsPage(event)))
          return submitBasicForm(event, posted, { caller, sourceIp, audit }, plain);
        if (posted instanceof AppError) throw posted;
        await assertFormOpen();
        const out = await submitProven({ ...submissionOf(posted, event), caller, sourceIp, audit });
        return json(out.reply, out.status);
      }
      await assertFormOpen();
      const parsed = await parseSubmission(event);
      const out = await submitProven({ ...parsed, caller, sourceIp, audit });
      return json(out.reply, out.status);
    },
  },

  'POST /svsregistration/find-letter': {
    rawBody: true,
    handle: ({ event, sourceIp }) =>
      // The find-my-letter page for phones without JavaScript posts its form; the app sends JSON.
      isPageFormPost(event)
        ? findLetterFromPage(event, sourceIp)
        : findLetter(parseForm(FindLetterInput, parseJsonBody(event)), sourceIp),
  },

  'GET /svsregistration/AppointmentList/{code}': {
    params: LetterCodeParam,
    handle: ({ params }) => {
      if (!LETTER_CODE_RE.test(params.code))
        throw notFound('अपॉइंटमेंट नहीं मिला / Unable to load appointment. Please check the link.');
      return letterByCode(params.code);
    },
  },

  'GET /svsregistration/AppointmentList/{code}/qrcode.png': {
    params: LetterCodeParam,
    query: LetterQrQuery,
    handle: async ({ params, query }) => {
      if (!LETTER_CODE_RE.test(params.code))
        throw notFound('अपॉइंटमेंट नहीं मिला / Unable to load appointment. Please check the link.');
      const img = await letterQr(params.code, query.size);
      // The link holds the letter's secret code: kept by the reader's browser only.
      return binary(img.png, 'image/png', qrImageHeaders(`letter-${img.id}-${img.year}.png`, { shared: false }));
    },
  },

  'GET /svsregistration/appointment/by-id/{id}': {
    params: RegistrationIdParam,
    query: RegistrationYearQuery,
    handle: ({ params, query }) => letterById(params.id, query.year),
  },

  'GET /api/registrations': {
    query: RegistrationListQuery,
    handle: ({ query }) => listRegistrations(query),
  },

  'GET /api/registrations/{id}': {
    params: RegistrationIdParam,
    query: RegistrationYearQuery,
    handle: ({ params, query, caller, sourceIp }) => registrationView(params.id, query.year, caller, sourceIp),
  },

  'GET /api/registrations/{id}/aadhaar-file': {
    params: RegistrationIdParam,
    query: RegistrationYearQuery,
    handle: async ({ params, query, caller, sourceIp }) => {
      const r = await findRegistration(params.id, query.year);
      if (!r.adharFilePath) throw notFound('No Aadhaar file for this registration');
      if (r.scanDeletedOn) throw notFound(scanDeletedMessage(r.scanDeletedOn));
      await requireSecondFactor(caller, 'aadhaar');
      // The scan shows the number in clear: each link given out is a view of it.
      await appendAudit('aadhaar-scan.view', caller!, sourceIp, { type: 'registration', id: r.id, year: r.year });
      const url = await presignDownload(r.adharFilePath, DOWNLOAD_URL_SECONDS, r.adharFileType);
      return { url, expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
    },
  },

  'GET /api/appointments/capacity': {
    query: CapacityQuery,
    handle: ({ query }) => capacityAhead(query.days),
  },
  'POST /svsregistration/{code}/cancel': {
    params: LetterCodeParam,
    body: FarmerCancelRequest,
    handle: ({ params, farmer, audit }) => {
      if (!LETTER_CODE_RE.test(params.code)) throw letterNotFound();
      return cancelByFarmer(params.code, farmer!, audit);
    },
  },
  'POST /api/registrations/{id}/cancel': {
    params: RegistrationIdParam,
    body: StaffCancelRequest,
    handle: async ({ params, body, caller, audit }) => {
      const year = body.year ?? Number(kolkataDate().slice(0, 4));
      const r = await findRegistration(params.id, year);
      return cancelRegistration(r, { staff: { caller: caller!, reason: body.reason } }, audit);
    },
  },
  'POST /api/registrations/{id}/farmer-link': {
    params: RegistrationIdParam,
    body: FarmerLinkInput,
    handle: async ({ params, body, audit }) => {
      const r = await findRegistration(params.id, body.year);
      const outcome = await confirmFarmerLink(r.year, r.id, body.accept);
      const now = await findRegistration(r.id, r.year, true);
      await audit.write(
        { type: 'registration', id: r.id, year: r.year },
        {
          summary: `farmer link ${body.accept ? 'confirmed' : 'declined'}: ${outcome}${r.proposedFarmerID ? ` (farmer ${r.proposedFarmerID})` : ''}`,
        },
      );
      return { outcome, farmerID: now.farmerID ?? null };
    },
  },
  'POST /svsregistration/{code}/my-data': {
    params: LetterCodeParam,
    body: MyDataInput,
    handle: ({ params, farmer }) => {
      if (!LETTER_CODE_RE.test(params.code)) throw letterNotFound();
      return myData(params.code, farmer!);
    },
  },
  'POST /svsregistration/{code}/data-requests': {
    params: LetterCodeParam,
    body: DataRequestInput,
    handle: async ({ params, body, farmer, audit }) => {
      if (!LETTER_CODE_RE.test(params.code)) throw letterNotFound();
      const out = await askAboutMyData(params.code, body, farmer!, audit);
      return json(out.request, out.created ? 201 : 200);
    },
  },
  'GET /api/data-requests': {
    query: DataRequestListQuery,
    handle: ({ query }) => listDataRequests(query),
  },
  'POST /api/data-requests/{id}/resolve': {
    params: DataRequestIdParam,
    body: ResolveDataRequestInput,
    handle: ({ params, body, caller, audit }) => resolveDataRequest(params.id, body, caller!, audit),
  },
  'POST /svsregistration/otp': {
    body: OtpRequestInput,
    handle: ({ body, sourceIp }) => requestCode(body, sourceIp),
  },
  'POST /svsregistration/otp/verify': {
    body: OtpVerifyInput,
    handle: ({ body, sourceIp }) => verifyCode(body, sourceIp),
  },
  'GET /svsregistration/mine': {
    handle: ({ farmer }) => myRegistrations(farmer!),
  },
  'GET /api/retention': {
    handle: () => retentionStatus(),
  },
  'POST /api/retention/close-season': {
    body: CloseSeasonInput,
    handle: ({ body, caller, audit }) => closeSeason(body.year, caller!, audit, CLOSE_SEASON_REQUEST_MS),
  },
  'GET /svs/appointment/{code}': {
    handle: ({ event }) => servePage(event, letterPage, { messages: LETTER_MESSAGES, refusal: letterRefusal }),
  },
  'GET /svsregistration/basic': {
    handle: ({ event }) => showBasicForm(event),
  },
  'GET /registration': {
    handle: ({ event }) => showRegistrationPage(event),
  },
  'GET /svsregistration/find-my-letter': {
    handle: ({ event }) => showFindLetterPage(event),
  },
});
