import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ALLOCATION_STATUSES } from '@shared/allocation-status';
import { UP_DISTRICTS } from '@shared/districts';
import { AADHAAR_INPUT_MAX, MOBILE_INPUT_MAX, typedAadhaar, typedMobile } from '@shared/typed-numbers';
import { NAME_MAX, PLACE_MAX } from '@shared/schemas/registration';
import { REGISTRATION_PAGE_SIZES } from '@shared/schemas/registration-staff';
import type { FilterProblem } from '@web/lib/filters';
import { filterBinder, NativeSelectField } from '@web/components/FilterFields';
import type { RegistrationSearch } from './api';

export type RegistrationFilterValues = Omit<RegistrationSearch, 'skip' | 'take'>;

/** A date-time box ('dd/mm/yyyy, --:-- --' and its calendar button) takes a whole row on a phone, two columns on a laptop. */
const DATE_TIME_BOX = { gridColumn: { xs: '1 / -1', sm: 'auto', md: 'span 2' } } as const;

interface RegistrationFiltersProps {
  form: RegistrationFilterValues;
  setForm: (update: (f: RegistrationFilterValues) => RegistrationFilterValues) => void;
  /** The filter the server would refuse, marked on its field. */
  problem: FilterProblem | null;
  take: number;
  onPageSize: (take: number) => void;
  onSearch: (e: FormEvent) => void;
  onReset: () => void;
}

/** The Registrations page's search form, with the page size. */
export function RegistrationFilters({ form, setForm, problem, take, onPageSize, onSearch, onReset }: RegistrationFiltersProps) {
  const { t } = useTranslation();
  const bind = filterBinder(form, setForm, problem);
  return (
    <Paper variant="outlined" component="form" onSubmit={onSearch} sx={{ p: 2, mb: 2 }} aria-label={t('registrations.search')}>
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(auto-fill, minmax(170px, 1fr))' } }}
      >
        <TextField
          size="small"
          label={t('registrations.id')}
          {...bind('id')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label={t('registrations.name')}
          {...bind('name')}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
        <TextField
          size="small"
          label={t('registrations.aadhaar')}
          {...bind('aadhaar', { keep: typedAadhaar })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: AADHAAR_INPUT_MAX } }}
        />
        <TextField
          size="small"
          type="tel"
          label={t('registrations.mobile')}
          {...bind('mobile', { keep: typedMobile })}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: MOBILE_INPUT_MAX } }}
        />
        <TextField
          size="small"
          label={t('registrations.father')}
          {...bind('father')}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
        <TextField
          size="small"
          label={t('registrations.village')}
          {...bind('village')}
          slotProps={{ htmlInput: { maxLength: PLACE_MAX } }}
        />
        <NativeSelectField label={t('registrations.district')} {...bind('district')}>
          <option value="">{t('registrations.allDistricts')}</option>
          {UP_DISTRICTS.map((d) => (
            <option key={d.en} value={d.en}>
              {d.en} ({d.hi})
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField label={t('registrations.status')} {...bind('status')}>
          <option value="">{t('registrations.allStatuses')}</option>
          {ALLOCATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`registrations.statuses.${s}`)}
            </option>
          ))}
        </NativeSelectField>
        <TextField
          size="small"
          label={t('registrations.year')}
          {...bind('year')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextField
          size="small"
          sx={DATE_TIME_BOX}
          type="datetime-local"
          label={t('registrations.from')}
          {...bind('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          sx={DATE_TIME_BOX}
          type="datetime-local"
          label={t('registrations.to')}
          {...bind('to', { markedBy: 'from' })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <NativeSelectField
          label={t('registrations.pageSize')}
          name="take"
          value={String(take)}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {REGISTRATION_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelectField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('registrations.search')}
        </Button>
        <Button type="button" onClick={onReset}>
          {t('registrations.reset')}
        </Button>
      </Box>
    </Paper>
  );
}
