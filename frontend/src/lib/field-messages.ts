import type { FieldErrors } from 'react-hook-form';

/**
 * A form's field messages as [dotted path, message] pairs ('name', 'rules.minQty', 'ShiftLabels.0'), in
 * the order the schema or the server gave them: react-hook-form keeps the first message of each field,
 * nested as the values are.
 */
export function messagesOf(errors: FieldErrors, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v.message === 'string') out.push([path, v.message]);
    else out.push(...messagesOf(v as FieldErrors, path));
  }
  return out;
}
