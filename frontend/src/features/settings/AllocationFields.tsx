import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
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
import type { AllocationSummaryReply } from '@shared/schemas/replies/allocation';
import { ALLOCATION_NOW_KEY, getAllocationNow } from './api';
import type { SectionProps } from './settings-form-state';

/**
 * What changing the mode now would leave behind (docs/product-rules.md#changing-the-allocation-mode-mid-season-warns):
 * to the draw while this year's registrations already hold dates or waiting-list places (first come), or back to
 * first come while farmers still wait for a draw. Null when the mode is as saved or nothing is left behind.
 */
function modeChangeWarning(
  chosen: AllocationMode,
  now: AllocationSummaryReply | undefined,
): { key: 'drawSwitchWarning' | 'firstComeSwitchWarning'; placed: number; applied: number; year: number } | null {
  if (!now || chosen === now.mode) return null;
  const sum = (f: (c: AllocationSummaryReply['crops'][number]) => number) => now.crops.reduce((n, c) => n + f(c), 0);
  const placed = sum((c) => c.confirmed + c.waitlisted);
  const applied = sum((c) => c.applied);
  if (chosen === 'draw' && placed > 0) return { key: 'drawSwitchWarning', placed, applied, year: now.year };
  if (chosen === 'first-come' && applied > 0) return { key: 'firstComeSwitchWarning', placed, applied, year: now.year };
  return null;
}

/** How stock is allocated (the mode, the draw's date, reserved shares), the days to collect, and how long scans are kept. */
export function AllocationFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  // The mode as saved and this year's counts; read again after a save (SettingsPage), so the warning is about a change.
  const now = useQuery({ queryKey: ALLOCATION_NOW_KEY, queryFn: ({ signal }) => getAllocationNow(signal) });
  const warning = modeChangeWarning(form.AllocationMode, now.data);
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
        {warning && (
          <Alert severity="warning" role="status" data-testid="allocation-mode-warning" sx={{ mt: 1 }}>
            {t(`settings.${warning.key}`, { placed: warning.placed, applied: warning.applied, year: warning.year })}
          </Alert>
        )}
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
