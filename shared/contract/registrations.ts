import * as z from 'zod';
import { FarmerCancelRequest, StaffCancelRequest } from '../schemas/allocation';
import { CancelReply } from '../schemas/replies/allocation';
import { CapacityQuery } from '../schemas/capacity';
import { FindLetterInput, LetterCodeParam, LetterQrQuery, UploadUrlInput } from '../schemas/registration';
import {
  FarmerLinkInput,
  RegistrationIdParam,
  RegistrationListQuery,
  RegistrationYearQuery,
} from '../schemas/registration-staff';
import {
  AadhaarFileReply,
  AppointmentLetterReply,
  CapacityReply,
  FarmerLinkReply,
  FindLetterReply,
  RegistrationListReply,
  RegistrationReply,
  RegistrationRowReply,
  UploadUrlReply,
} from '../schemas/replies/registration';
import {
  CloseSeasonInput,
  DataRequestIdParam,
  DataRequestInput,
  DataRequestListQuery,
  MyDataInput,
  ResolveDataRequestInput,
} from '../schemas/records';
import {
  DataRequestListReply,
  DataRequestReply,
  MyDataReply,
  RetentionReply,
  SeasonCloseReply,
} from '../schemas/replies/records';
import { MyRegistrationsReply, OtpRequestInput, OtpRequestReply, OtpVerifyInput, OtpVerifyReply } from '../schemas/farmer-otp';
import type { AreaContract } from './types';

/** The form as JSON: its fields plus fileKey and idempotencyKey (functions/registrations/submission.ts), or multipart. */
const RegistrationForm = z.record(z.string(), z.unknown());

export const registrationsContract = {
  'POST /svsregistration/upload-url': { body: UploadUrlInput, bodyReadByHandler: true, reply: UploadUrlReply },
  'POST /svsregistration': { body: RegistrationForm, bodyReadByHandler: true, reply: RegistrationReply, page: true },
  'POST /svsregistration/find-letter': { body: FindLetterInput, bodyReadByHandler: true, reply: FindLetterReply, page: true },
  'GET /svsregistration/AppointmentList/{code}': { params: LetterCodeParam, reply: AppointmentLetterReply },
  'GET /svsregistration/AppointmentList/{code}/qrcode.png': { params: LetterCodeParam, query: LetterQrQuery, reply: 'image' },
  'GET /svsregistration/appointment/by-id/{id}': {
    params: RegistrationIdParam,
    query: RegistrationYearQuery,
    reply: AppointmentLetterReply,
  },
  'GET /api/registrations': { query: RegistrationListQuery, reply: RegistrationListReply },
  'GET /api/registrations/{id}': { params: RegistrationIdParam, query: RegistrationYearQuery, reply: RegistrationRowReply },
  'GET /api/registrations/{id}/aadhaar-file': {
    params: RegistrationIdParam,
    query: RegistrationYearQuery,
    reply: AadhaarFileReply,
  },
  'GET /api/appointments/capacity': { query: CapacityQuery, reply: CapacityReply },
  'POST /svsregistration/{code}/cancel': { params: LetterCodeParam, body: FarmerCancelRequest, reply: CancelReply },
  'POST /api/registrations/{id}/cancel': { params: RegistrationIdParam, body: StaffCancelRequest, reply: CancelReply },
  'POST /api/registrations/{id}/farmer-link': { params: RegistrationIdParam, body: FarmerLinkInput, reply: FarmerLinkReply },
  'POST /svsregistration/{code}/my-data': { params: LetterCodeParam, body: MyDataInput, reply: MyDataReply },
  'POST /svsregistration/{code}/data-requests': { params: LetterCodeParam, body: DataRequestInput, reply: DataRequestReply },
  'GET /api/data-requests': { query: DataRequestListQuery, reply: DataRequestListReply },
  'POST /api/data-requests/{id}/resolve': {
    params: DataRequestIdParam,
    body: ResolveDataRequestInput,
    reply: DataRequestReply,
  },
  // farmers proven by a one-time code (docs/decisions/0043-farmer-one-time-codes.md)
  'POST /svsregistration/otp': { body: OtpRequestInput, reply: OtpRequestReply },
  'POST /svsregistration/otp/verify': { body: OtpVerifyInput, reply: OtpVerifyReply },
  'GET /svsregistration/mine': { reply: MyRegistrationsReply },
  'GET /api/retention': { reply: RetentionReply },
  'POST /api/retention/close-season': { body: CloseSeasonInput, reply: SeasonCloseReply },
  'GET /svs/appointment/{code}': { reply: 'html' },
  'GET /svsregistration/basic': { reply: 'html' },
  'GET /svsregistration/find-my-letter': { reply: 'html' },
  'GET /registration': { reply: 'html' },
} as const satisfies AreaContract<'registrations'>;
