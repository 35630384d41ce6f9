import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SettingsInput } from '@shared/schemas/admin';
import { useStaffForm } from '@web/lib/use-staff-form';
import { AllocationFields } from './AllocationFields';
import { OpeningFields, ScheduleFields, ShiftLabelFields } from './AppointmentFields';
import { BillFields } from './BillFields';
import { AcceptOtherDaysField, CounterContactFields, VerifyMobileField } from './CounterFields';
import { HolidayField } from './HolidayField';
import { saveSettings } from './api';
import { toForm, toInput, type FormState, type SectionProps } from './settings-form-state';

/** The settings form, filled with the settings as loaded; a save shows what the server stored. */
export function SettingsForm({ initial, onSaved }: { initial: FormState; onSaved?: () => void }) {
  const { t } = useTranslation();
  const {
    values: form,
    set: setValue,
    errorOf,
    messages,
    submit,
    busy,
    feedback,
  } = useStaffForm({
    schema: SettingsInput,
    empty: () => initial,
    toInput,
    save: saveSettings,
    afterSave: toForm,
    onSaved,
    savedMessage: () => t('settings.saved'),
    invalidMessage: () => t('common.fixFields'),
  });
  const { error, notice, closeNotice } = feedback;

  const set = (patch: Partial<FormState>) => {
    for (const [k, v] of Object.entries(patch)) setValue(k as keyof FormState, v as never);
    // Editing after a save: the form no longer shows what was saved.
    if (notice) closeNotice();
  };
  const section: SectionProps = { form, set, errorOf };

  const holidayErrors = messages.filter(([k]) => k === 'Holidays' || k.startsWith('Holidays.')).map(([, v]) => v);

  return (
    <Box component="section" sx={{ maxWidth: 760 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('settings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.intro')}
      </Typography>

      <Paper
        variant="outlined"
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        <OpeningFields {...section} />
        <ScheduleFields {...section} />
        <HolidayField holidays={form.Holidays} onChange={(Holidays) => set({ Holidays })} error={holidayErrors[0]} />
        <ShiftLabelFields {...section} />
        <CounterContactFields {...section} />
        <AllocationFields {...section} />
        <AcceptOtherDaysField {...section} />
        <VerifyMobileField {...section} />
        <BillFields {...section} />

        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {notice && (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
