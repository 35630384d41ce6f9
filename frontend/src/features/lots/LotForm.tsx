import { useMemo } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { CropDropdownItem } from '@shared/schemas/crops';
import { YEAR_MAX, YEAR_MIN } from '@shared/schemas/lots';
import type { ProducerResponse } from '@shared/schemas/producers';
import { SaveCancelButtons } from '@web/components/SaveCancelButtons';
import type { LotForm as LotFormModel } from './use-lot-form';

interface LotFormProps {
  lotForm: LotFormModel;
  producers: ProducerResponse[];
  crops: CropDropdownItem[];
}

/** The add / edit form of the Lots page, with the read-only code preview. */
export function LotForm({ lotForm, producers, crops }: LotFormProps) {
  const { t, i18n } = useTranslation();
  const { values: form, set, field, errorOf, submit, busy, editing, preview, cancel: reset } = lotForm;
  // New lots take active producers and crops; an edited lot keeps showing its own even if inactive now.
  const producerChoices = useMemo(
    () => producers.filter((p) => p.isActive || String(p.producerID) === form.producerID),
    [producers, form.producerID],
  );
  const cropChoices = useMemo(() => crops.filter((c) => c.isActive || String(c.id) === form.cropID), [crops, form.cropID]);
  const inactive = ` ${t('lots.inactiveSuffix')}`;

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {editing ? t('lots.editTitle', { code: editing.lotCode }) : t('lots.addTitle')}
      </Typography>
      <Box
        component="form"
        aria-label={t('lots.addTitle')}
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          select
          label={t('lots.producer')}
          name="producerID"
          size="small"
          required
          disabled={!!editing}
          {...field('producerID')}
          helperText={errorOf('producerID') ?? (editing ? t('lots.producerFixed') : undefined)}
          sx={{ flex: '2 1 220px' }}
        >
          {producerChoices.map((p) => (
            <MenuItem key={p.producerID} value={String(p.producerID)}>
              {p.producerID} · {p.name}
              {p.isActive ? '' : inactive}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('lots.crop')}
          name="cropID"
          size="small"
          required
          {...field('cropID')}
          sx={{ flex: '2 1 180px' }}
        >
          {cropChoices.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {cropLabel({ cropName: c.name, cropNameHi: c.nameHi }, i18n.language)}
              {c.isActive ? '' : inactive}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('lots.year')}
          name="year"
          type="number"
          size="small"
          required
          disabled={!!editing}
          {...field('year')}
          helperText={errorOf('year') ?? (editing ? t('lots.fixedInCode') : undefined)}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { min: YEAR_MIN, max: YEAR_MAX, step: 1 } }}
        />
        <FormControlLabel
          control={
            <Switch
              name="isSubsidized"
              checked={form.isSubsidized}
              onChange={(e) => set('isSubsidized', e.target.checked)}
              disabled={!!editing}
            />
          }
          label={t('lots.subsidised')}
          sx={{ mt: 0.5 }}
        />
        <TextField
          label={t('lots.total')}
          name="quantityAvailable"
          type="number"
          size="small"
          required
          {...field('quantityAvailable')}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
        />
        <TextField
          label={t('lots.price')}
          name="pricePerUnit"
          type="number"
          size="small"
          required
          {...field('pricePerUnit')}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
        />
        {/* Read-only and filled, so that it does not read as a box to type or choose in. */}
        <TextField
          label={t('lots.code')}
          name="lotCode"
          size="small"
          variant="filled"
          value={preview}
          helperText={editing ? undefined : preview ? t('lots.codeHelp') : t('lots.codeChoose')}
          sx={{ width: 220 }}
          slotProps={{
            htmlInput: { readOnly: true, 'aria-readonly': true, 'data-testid': 'lot-code-preview' },
            inputLabel: { shrink: true },
          }}
        />
        <SaveCancelButtons busy={busy} editing={!!editing} onCancel={reset} />
      </Box>
    </Paper>
  );
}
