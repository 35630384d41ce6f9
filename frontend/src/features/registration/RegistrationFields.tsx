import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { choiceLabel, unitLabel } from '@shared/crop-rules';
import { AADHAAR_INPUT_MAX, MOBILE_INPUT_MAX } from '@shared/typed-numbers';
import { LightTextField as TextField } from '@web/components/LightTextField';
import { DistrictField } from './DistrictField';
import { CATEGORIES, GENDERS } from './fields';
import type { Values } from './form-values';
import type { RegistrationForm } from './use-registration-form';

/**
 * The form's text fields and native selects, two columns from the small breakpoint up. Each field says what
 * to write under it (its hint) until it has a message; text fields show a placeholder when focused.
 */
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
  const { values, errors, crops, districts, rules, choices } = form;

  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}, hint = ' ') => (
    <TextField
      name={name}
      id={`reg-${name}`}
      label={label}
      value={values[name]}
      onChange={form.set(name)}
      error={Boolean(errors[name])}
      helperText={fieldError(errors[name]) || hint}
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
    hint?: string,
  ) =>
    field(
      name,
      label,
      {
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
      },
      hint,
    );

  return (
    // rowGap: a raised outlined label sits 9 px above its field's box; without the gap it covers the message line of the field above.
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
      {field(
        'Name',
        t('registration.name'),
        { autoComplete: 'name', placeholder: t('registration.placeholders.name') },
        t('registration.hints.name'),
      )}
      {field(
        'fatherName',
        t('registration.fatherName'),
        { placeholder: t('registration.placeholders.fatherName') },
        t('registration.hints.fatherName'),
      )}
      {field(
        'adharNumber',
        t('registration.adharNumber'),
        {
          placeholder: 'XXXX XXXX XXXX',
          slotProps: { htmlInput: { inputMode: 'numeric', maxLength: AADHAAR_INPUT_MAX, autoComplete: 'off' } },
        },
        t('registration.hints.adharNumber'),
      )}
      {field(
        'mobile',
        t('registration.mobile'),
        {
          type: 'tel',
          placeholder: 'XXXXX XXXXX',
          slotProps: { htmlInput: { inputMode: 'tel', maxLength: MOBILE_INPUT_MAX, autoComplete: 'tel-national' } },
        },
        t('registration.hints.mobile'),
      )}
      {select(
        'category',
        t('registration.category'),
        CATEGORIES.map((c) => ({ value: c, label: t(`registration.categories.${c}`) })),
      )}
      {select('gender', t('registration.gender'), [
        { value: GENDERS[0], label: t('registration.genders.male') },
        { value: GENDERS[1], label: t('registration.genders.female') },
      ])}
      {field('village', t('registration.village'), { placeholder: t('registration.placeholders.village') })}
      {field('block', t('registration.block'), { placeholder: t('registration.placeholders.block') })}
      {field('subDistrict', t('registration.subDistrict'), { placeholder: t('registration.placeholders.subDistrict') })}
      <DistrictField
        value={values.district}
        onChange={(en) => form.setField('district', en)}
        districts={districts.list}
        otherNames={districts.otherNames}
        error={Boolean(errors.district)}
        helperText={fieldError(errors.district)}
      />
      {select(
        'cropId',
        t('registration.crop'),
        crops.map((c) => ({ value: String(c.id), label: cropLabel({ cropName: c.name, cropNameHi: c.nameHi }, lang) })),
        {
          error: Boolean(errors.cropId) || form.cropsState === 'failed',
          helperText:
            fieldError(errors.cropId) ||
            (form.cropsState === 'loading'
              ? t('registration.cropsLoading')
              : form.cropsState === 'failed'
                ? t('registration.cropsFailed')
                : crops.length
                  ? t('registration.hints.crop')
                  : t('registration.cropsEmpty')),
        },
      )}
      {form.cropsState === 'failed' && (
        <Box sx={{ gridColumn: '1 / -1', mt: -1 }}>
          <Button variant="outlined" size="small" onClick={form.retryCrops} data-testid="crops-retry">
            {t('registration.tryAgain')}
          </Button>
        </Box>
      )}
      {choices.length > 0 &&
        select(
          'bagsRequested',
          t('registration.quantity', { unit: unitLabel(rules, lang) }),
          choices.map((q) => ({ value: String(q), label: choiceLabel(q, rules, lang) })),
        )}
    </Box>
  );
}
