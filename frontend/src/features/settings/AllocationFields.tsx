import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALLOCATION_MODES, type AllocationMode } from '@shared/config-keys';
import type { SectionProps } from './settings-form-state';

/** How stock is allocated (the mode, the draw's date, reserved shares), the days to collect, and how long scans are kept. */
export function AllocationFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="legend" sx={{ mb: 1 }}>
        {t('settings.allocationTitle')}
      </Typography>
      <FormControl error={!!errorOf('AllocationMode')}>
        <FormLabel id="allocation-mode-label">{t('settings.allocationMode')}</FormLabel>
        <RadioGroup
          aria-labelledby="allocation-mode-label"
          name="AllocationMode"
          value={form.AllocationMode}
          onChange={(e) => set({ AllocationMode: e.target.value as AllocationMode })}
        >
          {ALLOCATION_MODES.map((mode) => (
            <Box key={mode} sx={{ mb: 1 }}>
              <FormControlLabel value={mode} control={<Radio />} label={t(`settings.allocationModes.${mode}`)} />
              <FormHelperText sx={{ mt: 0, ml: 4 }}>{t(`settings.allocationModeHelp.${mode}`)}</FormHelperText>
            </Box>
          ))}
        </RadioGroup>
        {errorOf('AllocationMode') && <FormHelperText>{errorOf('AllocationMode')}</FormHelperText>}
      </FormControl>
      <TextField
        label={t('settings.drawDate')}
        name="DrawDate"
        type="date"
        value={form.DrawDate}
        onChange={(e) => set({ DrawDate: e.target.value })}
        error={!!errorOf('DrawDate')}
        helperText={errorOf('DrawDate') ?? t('settings.drawDateHelp')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('settings.graceDays')}
        name="CollectionGraceDays"
        type="number"
        value={form.CollectionGraceDays}
        onChange={(e) => set({ CollectionGraceDays: e.target.value })}
        error={!!errorOf('CollectionGraceDays')}
        helperText={errorOf('CollectionGraceDays') ?? t('settings.graceDaysHelp')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ htmlInput: { min: 0, max: 30, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label={t('settings.reservedShares')}
        name="ReservedShares"
        value={form.ReservedShares}
        onChange={(e) => set({ ReservedShares: e.target.value.replace(/\s*\n\s*/g, '; ') })}
        error={!!errorOf('ReservedShares')}
        helperText={errorOf('ReservedShares') ?? t('settings.reservedSharesHelp')}
        placeholder="SC/ST=20:SC,ST; Women=30:महिला"
        multiline
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField
        label={t('settings.scanRetentionDays')}
        name="ScanRetentionDays"
        type="number"
        value={form.ScanRetentionDays}
        onChange={(e) => set({ ScanRetentionDays: e.target.value })}
        error={!!errorOf('ScanRetentionDays')}
        helperText={errorOf('ScanRetentionDays') ?? t('settings.scanRetentionDaysHelp')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ htmlInput: { min: 0, max: 365, step: 1, inputMode: 'numeric' } }}
      />
    </Box>
  );
}
