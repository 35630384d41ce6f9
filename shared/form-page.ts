import type { SitePageResponse } from './schemas/cms';
import type { CropDropdownItem } from './schemas/crops';

/**
 * The first view of /registration is the form itself, drawn by the registrations function
 * (functions/registrations/registration-page.ts), which the app takes over (frontend/src/features/registration/takeover.ts,
 * docs/decisions/0042-registration-form-in-its-html.md): the ids of its registration form, of its Find my letter
 * box, and of the JSON it carries for the app. A module of its own, small: the app's entry reads the data's id.
 */
export const FORM_PAGE_FORM_ID = 'registration-form';
export const FIND_FORM_ID = 'find';
export const FORM_PAGE_DATA_ID = 'registration-data';

/** What the form's page tells the app, which it would otherwise ask for: the switch, the crops, the notice, the key. */
export interface FormPageData {
  open: boolean;
  crops: CropDropdownItem[];
  /** null when it could not be read (the form then links to the privacy policy). */
  notice: SitePageResponse | null;
  idempotencyKey: string;
  /** VerifyMobileAtRegistration: the app asks for the code sent to the typed mobile before it submits. */
  verifyMobile?: boolean;
}
