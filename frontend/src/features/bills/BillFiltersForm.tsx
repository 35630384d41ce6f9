import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { CropDropdownItem } from '@shared/schemas/crops';
import type { FilterProblem } from '@web/lib/filters';
import { filterBinder, NativeSelectField } from '@web/components/FilterFields';
import type { FormEvent } from 'react';
import type { BillFilters } from './api';

/** A date box needs a whole row on a 360 px phone to show 'dd/mm/yyyy' beside its calendar button. */
const FULL_ROW_ON_PHONE = { gridColumn: { xs: '1 / -1', sm: 'auto' } } as const;

interface BillFiltersFormProps {
  form: BillFilters;
  setForm: (update: (f: BillFilters) => BillFilters) => void;
  /** The filter the server would refuse, marked on its field. */
  problem: FilterProblem | null;
  crops: CropDropdownItem[];
  users: { userID: number; fullName: string }[];
  onSearch: (e: FormEvent) => void;
}

/** The Bills page's filters; Enter or Search goes back to page 1. */
export function BillFiltersForm({ form, setForm, problem, crops, users, onSearch: search }: BillFiltersFormProps) {
  const { t, i18n } = useTranslation();
  const bind = filterBinder(form, setForm, problem);
  return (
    <Paper variant="outlined" component="form" onSubmit={search} sx={{ p: 2, mb: 2 }} aria-label={t('bills.filters')}>
      {/* As many columns as fit with room for a whole date ('dd/mm/yyyy') and every label; two on a phone. */}
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(168px, 1fr))' } }}
      >
        <TextField size="small" label={t('bills.number')} {...bind('number')} />
        <TextField size="small" label={t('bills.lotCode')} {...bind('lotCode')} />
        <NativeSelectField label={t('bills.crop')} {...bind('cropId')}>
          <option value="">{t('bills.allCrops')}</option>
          {crops.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {cropLabel({ cropName: c.name, cropNameHi: c.nameHi }, i18n.language)}
            </option>
          ))}
        </NativeSelectField>
        <TextField
          size="small"
          label={t('bills.year')}
          {...bind('year', { digits: 4 })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextField
          size="small"
          sx={FULL_ROW_ON_PHONE}
          type="date"
          label={t('bills.from')}
          {...bind('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          sx={FULL_ROW_ON_PHONE}
          type="date"
          label={t('bills.to')}
          {...bind('to', { markedBy: 'from' })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <NativeSelectField label={t('bills.createdBy')} {...bind('createdBy')}>
          <option value="">{t('bills.allUsers')}</option>
          {users.map((u) => (
            <option key={u.userID} value={String(u.userID)}>
              {u.fullName}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField label={t('bills.paymentMode')} {...bind('paymentMode')}>
          <option value="">{t('bills.all')}</option>
          <option value="Cash">{t('bills.cash')}</option>
          <option value="Online">{t('bills.online')}</option>
        </NativeSelectField>
        <NativeSelectField label={t('bills.status')} {...bind('status')}>
          <option value="">{t('bills.all')}</option>
          <option value="issued">{t('bills.statusIssued')}</option>
          <option value="cancelled">{t('bills.statusCancelled')}</option>
        </NativeSelectField>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('bills.search')}
        </Button>
      </Box>
    </Paper>
  );
}
