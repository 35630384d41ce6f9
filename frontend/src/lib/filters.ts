/**
 * Checks of a list screen's search filters, made before the search is sent: a filter the server would
 * refuse gets a plain message (no field names or schema wording) and no search is made, so the results on
 * screen never belong to other filters than those shown. Messages are i18n keys of the `staffChecks` group.
 */
import { normalizeMobile } from '@shared/typed-numbers';

export type FilterRule = 'wholeNumber' | 'year' | 'aadhaarSearch' | 'mobileSearch';

export type FilterMessageKey =
  | 'staffChecks.idInvalid'
  | 'staffChecks.yearInvalid'
  | 'staffChecks.aadhaarInvalid'
  | 'staffChecks.fromAfterTo'
  | 'staffChecks.mobileInvalid';

export interface FilterProblem {
  /** The filter to mark. */
  field: string;
  messageKey: FilterMessageKey;
}

const RULES: Record<FilterRule, { ok: (v: string) => boolean; messageKey: FilterMessageKey }> = {
  // The ids the server accepts: 1 to 10^9.
  wholeNumber: { ok: (v) => /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 1e9, messageKey: 'staffChecks.idInvalid' },
  year: { ok: (v) => /^\d{4}$/.test(v) && Number(v) >= 2000 && Number(v) <= 3000, messageKey: 'staffChecks.yearInvalid' },
  aadhaarSearch: { ok: (v) => /^(\d{4}|\d{12})$/.test(v.replace(/[\s-]/g, '')), messageKey: 'staffChecks.aadhaarInvalid' },
  mobileSearch: { ok: (v) => /^\d{10}$/.test(normalizeMobile(v)), messageKey: 'staffChecks.mobileInvalid' },
};

/**
 * The first problem of the filters, in the order of `rules`, then a range whose start is after its end
 * (both 'YYYY-MM-DD' or both 'YYYY-MM-DDTHH:mm', which compare as text); null when all is well. Empty
 * filters are not checked.
 */
export function checkFilters(
  values: Record<string, string | undefined>,
  rules: Record<string, FilterRule>,
  range?: { from: string; to: string },
): FilterProblem | null {
  for (const [field, rule] of Object.entries(rules)) {
    const v = values[field]?.trim() ?? '';
    if (v && !RULES[rule].ok(v)) return { field, messageKey: RULES[rule].messageKey };
  }
  if (range) {
    const from = values[range.from]?.trim() ?? '';
    const to = values[range.to]?.trim() ?? '';
    if (from && to && from > to) return { field: range.from, messageKey: 'staffChecks.fromAfterTo' };
  }
  return null;
}

/** What a digits-only box keeps of what was typed or pasted: its digits, at most `max` of them. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
