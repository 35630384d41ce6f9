import type * as z from 'zod';
import { RegistrationListQuery } from '@shared/schemas/registration-staff';
import { InvoiceListQuery } from '@shared/schemas/sales';
import type { ExportKind } from '@shared/schemas/exports';
import type { Caller } from '../lib/caller';
import { validationError } from '../lib/handler';
import { findRegistrations } from '../registrations/list';
import { findInvoices } from '../sales/invoice-search';
import { TodayQuery } from '@shared/schemas/counter';
import { DayCloseQuery } from '@shared/schemas/day-close';
import { listToday } from '../counter/today-list';
import { listDay } from '../sales/day-close';
import { DAY_CLOSE_COLUMNS, INVOICE_COLUMNS, REGISTRATION_COLUMNS, TODAY_COLUMNS, type Cell, type Column } from './columns';

/** What an export reads: the list's matches, counted, and their rows a page at a time (as the list reads them). */
export interface ExportRows {
  total: number;
  partial: boolean;
  rows(skip: number, take: number): Promise<Cell[][]>;
}

/**
 * One kind of export: the list it copies, with that list's own query schema and service (so the filters and
 * who may see what are the list's), the sheet's name and columns.
 */
export interface ExportSource {
  sheet: string;
  headers: readonly string[];
  /** Checks the list's filters with the list's schema (400 on bad ones) and reads the matches. */
  find(filters: Record<string, string>, caller: Caller): Promise<ExportRows>;
  /** The filter names that carry an Aadhaar number in clear, when one may: never stored with a job. */
  holdsClearAadhaar?(filters: Record<string, string>): boolean;
}

/** Paging parameters of the lists are not filters: an export holds every match. */
const PAGING = new Set(['skip', 'take']);

function parseFilters<S extends z.ZodType>(schema: S, filters: Record<string, string>): z.output<S> {
  const given = Object.fromEntries(Object.entries(filters).filter(([k]) => !PAGING.has(k)));
  const out = schema.safeParse(given);
  if (!out.success) throw validationError(out.error, 'query');
  return out.data;
}

function cellsOf<R>(columns: readonly Column<R>[]) {
  return (rows: R[]) => rows.map((r) => columns.map((c) => c.value(r)));
}

function source<R>(
  sheet: string,
  columns: readonly Column<R>[],
  find: (
    filters: Record<string, string>,
    caller: Caller,
  ) => Promise<{ total: number; partial: boolean; rows(skip: number, take: number): Promise<R[]> }>,
  extra: Pick<ExportSource, 'holdsClearAadhaar'> = {},
): ExportSource {
  const toCells = cellsOf(columns);
  return {
    sheet,
    headers: columns.map((c) => c.header),
    find: async (filters, caller) => {
      const found = await find(filters, caller);
      return { total: found.total, partial: found.partial, rows: async (skip, take) => toCells(await found.rows(skip, take)) };
    },
    ...extra,
  };
}

/** A list its service answers whole (a day's rows). */
function inMemory<R>(items: R[]) {
  return { total: items.length, partial: false, rows: async (skip: number, take: number) => items.slice(skip, skip + take) };
}

export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  registrations: source(
    'Registrations',
    REGISTRATION_COLUMNS,
    (filters) => findRegistrations(parseFilters(RegistrationListQuery, filters)),
    { holdsClearAadhaar: (filters) => (filters.aadhaar ?? '').replace(/\D/g, '').length > 4 },
  ),
  invoices: source('Bills', INVOICE_COLUMNS, (filters) => findInvoices(parseFilters(InvoiceListQuery, filters))),
  today: source('Today', TODAY_COLUMNS, async (filters) => {
    const q = parseFilters(TodayQuery, filters);
    return inMemory((await listToday(q.date, q.shift)).items);
  }),
  // An admin gets every seller's day, a seller their own: the list route's rule (listDay).
  'day-close': source('Day close', DAY_CLOSE_COLUMNS, async (filters, caller) => {
    const q = parseFilters(DayCloseQuery, filters);
    return inMemory((await listDay(q.date, caller, { mine: q.mine })).items);
  }),
};
