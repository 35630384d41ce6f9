import { FORM_PAGE_DATA_ID } from '@shared/form-page';
import { call } from './api';

/**
 * Whether the registration form is open (Is_SVS_Form_On: '1' or 'true', any case), asked for by the
 * registration page and by the top bar, whose "New" badge hides while `<html data-registration-closed>` is
 * set. Loaded on demand by both, so one request answers both. A failed lookup counts as open
 * (docs/product-rules.md#registration-switch-and-settings).
 */
let pending: Promise<boolean> | undefined;
let answered = false;

/** What the registration form's own page says (its data, features/registration/takeover.ts), when it is this page. */
function pageSays(): boolean | undefined {
  try {
    const open = (JSON.parse(document.getElementById(FORM_PAGE_DATA_ID)?.textContent ?? 'null') as { open?: unknown } | null)
      ?.open;
    return typeof open === 'boolean' ? open : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server; `fresh` asks again once the previous answer is in (a page opened later in the visit). */
export function readRegistrationOpen(fresh = false): Promise<boolean> {
  if (pending && !(fresh && answered)) return pending;
  answered = false;
  const said = pending ? undefined : pageSays();
  const asked =
    said !== undefined
      ? Promise.resolve(said)
      : call('GET /api/config/{key}', { params: { key: 'Is_SVS_Form_On' }, skipAuthRedirect: true }).then(
          (r) => /^(1|true)$/i.test(String(r?.value ?? '').trim()),
          () => true,
        );
  pending = asked;
  void asked.then((open) => {
    if (pending !== asked) return;
    answered = true;
    document.documentElement.toggleAttribute('data-registration-closed', !open);
  });
  return asked;
}
