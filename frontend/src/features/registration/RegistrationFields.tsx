import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel, unitLabel } from '@shared/crop-rules';
import { UP_DISTRICTS } from '@shared/districts';
import { AADHAAR_INPUT_MAX, MOBILE_INPUT_MAX } from '@shared/typed-numbers';
import { LightTextField as TextField } from '@web/components/LightTextField';
import { CATEGORIES, GENDERS } from './fields';
import type { Values } from './form-values';
import type { RegistrationForm } from './useRegistrationForm';

/** The form's text fields and native selects, two columns from the small breakpoint up. */
export function RegistrationFields({
  form,
  fieldError,
}: {
  form: RegistrationForm;
  /** A field's message in the page's language. */
  fieldError: (message: string | undefined) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const { values, errors, crops, rules, choices } = form;

  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      id={`reg-${name}`}
      label={label}
      value={values[name]}
      onChange={form.set(name)}
      error={Boolean(errors[name])}
      helperText={fieldError(errors[name]) || ' '}
      fullWidth
      size="small"
      {...extra}
    />
  );
  const select = (
    name: keyof Values,
    label: string,
    options: { value: string; label: string }[],
    extra: Record<string, unknown> = {},
  ) =>
    field(name, label, {
      select: true,
      slotProps: { select: { native: true }, inputLabel: { shrink: true } },
      children: [
        <option key="" value="">
          {t('registration.choose')}
        </option>,
        ...options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        )),
      ],
      ...extra,
    });

  return (
    // rowGap: a raised outlined label sits 9 px above its field's box; without the gap it covers the message line of the field above.
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
      {field('Name', t('registration.name'), { autoComplete: 'name' })}
      {field('fatherName', t('registration.fatherName'))}
      {field('adharNumber', t('registration.adharNumber'), {
        slotProps: { htmlInput: { inputMode: 'numeric', maxLength: AADHAAR_INPUT_MAX, autoComplete: 'off' } },
      })}
      {field('mobile', t('registration.mobile'), {
        type: 'tel',
        slotProps: { htmlInput: { inputMode: 'tel', maxLength: MOBILE_INPUT_MAX, autoComplete: 'tel-national' } },
      })}
      {select(
        'category',
        t('registration.category'),
        CATEGORIES.map((c) => ({ value: c, label: t(`registration.categories.${c}`) })),
      )}
      {select('gender', t('registration.gender'), [
        { value: GENDERS[0], label: t('registration.genders.male') },
        { value: GENDERS[1], label: t('registration.genders.female') },
      ])}
      {field('village', t('registration.village'))}
      {field('block', t('registration.block'))}
      {field('subDistrict', t('registration.subDistrict'))}
      {select(
        'district',
        t('registration.district'),
        UP_DISTRICTS.map((d) => ({ value: d.en, label: lang === 'hi' ? `${d.hi} (${d.en})` : `${d.en} (${d.hi})` })),
      )}
      {select(
        'cropId',
        t('registration.crop'),
        crops.map((c) => ({ value: String(c.id), label: cropLabel({ cropName: c.name, cropNameHi: c.nameHi }, lang) })),
        {
          error: Boolean(errors.cropId),
          helperText: fieldError(errors.cropId) || (crops.length ? ' ' : t('registration.cropsEmpty')),
        },
      )}
      {choices.length > 0 &&
        select(
          'bagsRequested',
          t('registration.quantity', { unit: unitLabel(rules, lang) }),
          choices.map((q) => ({ value: String(q), label: quantityLabel(q, rules?.unit, lang) })),
        )}
    </Box>
  );
}
