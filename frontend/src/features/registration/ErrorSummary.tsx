import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '@shared/bilingual';
import { unitLabel } from '@shared/crop-rules';
import { FILE_FIELD, FORM_FIELDS, type FormField } from './fields';
import { fieldElementId, focusElement, SUMMARY_ID } from './focus';
import type { RegistrationForm } from './use-registration-form';

const LABEL_KEYS = {
  Name: 'registration.name',
  fatherName: 'registration.fatherName',
  adharNumber: 'registration.adharNumber',
  mobile: 'registration.mobile',
  category: 'registration.category',
  gender: 'registration.gender',
  village: 'registration.village',
  block: 'registration.block',
  subDistrict: 'registration.subDistrict',
  district: 'registration.district',
  cropId: 'registration.crop',
  [FILE_FIELD]: 'registration.file',
  consent: 'sitePages.consentShort',
} as const satisfies Record<Exclude<FormField, 'bagsRequested'>, string>;

const HEADING_ID = 'registration-summary-heading';

/**
 * What stopped the last Submit, just above the Submit button where the farmer's eyes are: the form's or the
 * server's message, then one link per field with a problem, in the form's order ("<field>: <message>"),
 * each moving the focus to its field. Fetched with the form's checks (load-validation.ts), so it costs the
 * page's first load nothing.
 */
export function ErrorSummary({
  form,
  fieldError,
  findLink,
}: {
  form: RegistrationForm;
  /** A field's message in the page's language. */
  fieldError: (message: string | undefined) => string | undefined;
  /** The "Find my letter" link, after 'already registered'. */
  findLink: string | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const { errors } = form;
  // The label without its "required" star and what follows it (the file's rule).
  const label = (field: FormField) =>
    (field === 'bagsRequested' ? t('registration.quantity', { unit: unitLabel(form.rules, lang) }) : t(LABEL_KEYS[field])).split(
      ' *',
    )[0];
  const problems = FORM_FIELDS.filter((f) => errors[f]);
  const others = Object.keys(errors).filter((k) => !(FORM_FIELDS as readonly string[]).includes(k));

  return (
    <Alert
      severity="error"
      id={SUMMARY_ID}
      tabIndex={-1}
      role="group"
      aria-labelledby={HEADING_ID}
      data-testid="registration-summary"
      sx={{ mb: 2, '& ul': { m: 0, mt: 1, pl: 2.5 }, '& li + li': { mt: 0.5 }, '& a': { color: 'inherit' } }}
    >
      <Box component="p" id={HEADING_ID} sx={{ m: 0, fontWeight: 600 }} data-testid="registration-alert">
        {inLanguage(form.alert, lang)}
      </Box>
      {findLink && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          <a href="#find" data-testid="registration-find-link">
            {findLink}
          </a>
        </Box>
      )}
      {problems.length + others.length > 0 && (
        <ul data-testid="registration-summary-list">
          {problems.map((f) => (
            <li key={f}>
              <a
                href={`#${fieldElementId(f)}`}
                onClick={(e) => {
                  e.preventDefault();
                  focusElement(fieldElementId(f));
                }}
              >
                {label(f)}: {f === 'consent' ? t('sitePages.consentError') : fieldError(errors[f])}
              </a>
            </li>
          ))}
          {others.map((k) => (
            <li key={k}>{fieldError(errors[k])}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
