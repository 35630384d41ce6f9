import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { OPENS_NEXT_MAX_LENGTH } from '@shared/config-keys';
import type { SectionProps } from './settings-form-state';

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Whether registrations are open, and what the form says of its next opening while they are closed. */
export function OpeningFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <FormControlLabel
        label={t('settings.registrationsOpen')}
        control={
          <Switch
            name="Is_SVS_Form_On"
            checked={form.Is_SVS_Form_On}
            onChange={(e) => set({ Is_SVS_Form_On: e.target.checked })}
          />
        }
      />
      <FormHelperText>{t('settings.registrationsOpenHelp')}</FormHelperText>
      <TextField
        label={t('settings.opensNext')}
        name="RegistrationOpensNext"
        value={form.RegistrationOpensNext}
        onChange={(e) => set({ RegistrationOpensNext: e.target.value })}
        error={!!errorOf('RegistrationOpensNext')}
        helperText={errorOf('RegistrationOpensNext') ?? t('settings.opensNextHelp')}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: OPENS_NEXT_MAX_LENGTH } }}
      />
    </Box>
  );
}

/** The appointment days: how many a day, from which date, and the weekly day off. */
export function ScheduleFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label={t('settings.perDayLimit')}
        name="PerDayLimit"
        type="number"
        value={form.PerDayLimit}
        onChange={(e) => set({ PerDayLimit: e.target.value })}
        error={!!errorOf('PerDayLimit')}
        helperText={errorOf('PerDayLimit') ?? t('settings.perDayLimitHelp')}
        slotProps={{ htmlInput: { min: 0, max: 100000, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label={t('settings.startDate')}
        name="AppointmentStartDate"
        type="date"
        value={form.AppointmentStartDate}
        onChange={(e) => set({ AppointmentStartDate: e.target.value })}
        error={!!errorOf('AppointmentStartDate')}
        helperText={errorOf('AppointmentStartDate') ?? t('settings.startDateHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        label={t('settings.weeklyOff')}
        name="WeeklyOffDay"
        value={String(form.WeeklyOffDay)}
        onChange={(e) => set({ WeeklyOffDay: Number(e.target.value) })}
        error={!!errorOf('WeeklyOffDay')}
        helperText={errorOf('WeeklyOffDay')}
      >
        <MenuItem value="-1">{t('settings.none')}</MenuItem>
        {WEEKDAY_KEYS.map((k, i) => (
          <MenuItem key={k} value={String(i)}>
            {t(`settings.weekdays.${k}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/** The labels of the day's two shifts, as the letter prints them. */
export function ShiftLabelFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {([0, 1] as const).map((i) => (
        <TextField
          key={i}
          label={t(i === 0 ? 'settings.shift1' : 'settings.shift2')}
          name={`ShiftLabels.${i}`}
          // Labels run long ('सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm'): the field grows so all of it shows.
          multiline
          value={form.ShiftLabels[i]}
          onChange={(e) => {
            const labels: [string, string] = [form.ShiftLabels[0], form.ShiftLabels[1]];
            labels[i] = e.target.value.replace(/\s*\n\s*/g, ' ');
            set({ ShiftLabels: labels });
          }}
          error={!!errorOf(`ShiftLabels.${i}`)}
          helperText={errorOf(`ShiftLabels.${i}`)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      ))}
    </Box>
  );
}
