import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { CropDropdownItem } from '@shared/schemas/crops';
import type { FilterProblem } from '@web/lib/filters';
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
  const { t } = useTranslation();
  const set = (name: keyof BillFilters) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const marked = (name: keyof BillFilters) => problem?.field === name;
  return (
    <Paper variant="outlined" component="form" onSubmit={search} sx={{ p: 2, mb: 2 }} aria-label={t('bills.filters')}>
      {/* As many columns as fit with room for a whole date ('dd/mm/yyyy') and every label; two on a phone. */}
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(168px, 1fr))' } }}
      >
        <TextField size="small" label={t('bills.number')} name="number" value={form.number} onChange={set('number')} />
        <TextField size="small" label={t('bills.lotCode')} name="lotCode" value={form.lotCode} onChange={set('lotCode')} />
        <TextField
          size="small"
          select
          label={t('bills.crop')}
          name="cropId"
          value={form.cropId}
          onChange={set('cropId')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('bills.allCrops')}</option>
          {crops.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('bills.year')}
          name="year"
          value={form.year}
          error={marked('year')}
          onChange={(e) => setForm((f) => ({ ...f, year: e.target.value.replace(/\D/g, '').slice(0, 4) }))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextField
          size="small"
          sx={FULL_ROW_ON_PHONE}
          type="date"
          label={t('bills.from')}
          name="from"
          value={form.from}
          onChange={set('from')}
          error={marked('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          sx={FULL_ROW_ON_PHONE}
          type="date"
          label={t('bills.to')}
          name="to"
          value={form.to}
          onChange={set('to')}
          error={marked('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          select
          label={t('bills.createdBy')}
          name="createdBy"
          value={form.createdBy}
          onChange={set('createdBy')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('bills.allUsers')}</option>
          {users.map((u) => (
            <option key={u.userID} value={String(u.userID)}>
              {u.fullName}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={t('bills.paymentMode')}
          name="paymentMode"
          value={form.paymentMode}
          onChange={set('paymentMode')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('bills.all')}</option>
          <option value="Cash">{t('bills.cash')}</option>
          <option value="Online">{t('bills.online')}</option>
        </TextField>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('bills.search')}
        </Button>
      </Box>
    </Paper>
  );
}
