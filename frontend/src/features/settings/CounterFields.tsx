import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from './settings-form-state';

/** Where and when the counter is (printed on the letter) and the grievance officer the notice names. */
export function CounterContactFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('settings.counterAddress')}
        name="CounterAddress"
        value={form.CounterAddress}
        onChange={(e) => set({ CounterAddress: e.target.value })}
        error={!!errorOf('CounterAddress')}
        helperText={errorOf('CounterAddress') ?? t('settings.counterAddressHelp')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <TextField
        label={t('settings.counterHours')}
        name="CounterHours"
        value={form.CounterHours}
        onChange={(e) => set({ CounterHours: e.target.value })}
        error={!!errorOf('CounterHours')}
        helperText={errorOf('CounterHours') ?? t('settings.counterHoursHelp')}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <TextField
        label={t('settings.grievanceOfficerName')}
        name="GrievanceOfficerName"
        value={form.GrievanceOfficerName}
        onChange={(e) => set({ GrievanceOfficerName: e.target.value })}
        error={!!errorOf('GrievanceOfficerName')}
        helperText={errorOf('GrievanceOfficerName') ?? t('settings.grievanceOfficerNameHelp')}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <TextField
        label={t('settings.grievanceOfficerContact')}
        name="GrievanceOfficerContact"
        value={form.GrievanceOfficerContact}
        onChange={(e) => set({ GrievanceOfficerContact: e.target.value })}
        error={!!errorOf('GrievanceOfficerContact')}
        helperText={errorOf('GrievanceOfficerContact') ?? t('settings.grievanceOfficerContactHelp')}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </>
  );
}

/** A code to the typed mobile before a farmer's registration goes (docs/product-rules.md#verifying-the-mobile-at-registration). */
export function VerifyMobileField({ form, set }: Pick<SectionProps, 'form' | 'set'>) {
  const { t } = useTranslation();
  return (
    <Box>
      <FormControlLabel
        label={t('settings.verifyMobile')}
        control={
          <Switch
            name="VerifyMobileAtRegistration"
            checked={form.VerifyMobileAtRegistration}
            onChange={(e) => set({ VerifyMobileAtRegistration: e.target.checked })}
          />
        }
      />
      <FormHelperText>{t('settings.verifyMobileHelp')}</FormHelperText>
    </Box>
  );
}

/** Whether the counter takes a letter on a day other than the one it names. */
export function AcceptOtherDaysField({ form, set }: Pick<SectionProps, 'form' | 'set'>) {
  const { t } = useTranslation();
  return (
    <Box>
      <FormControlLabel
        label={t('settings.acceptOtherDays')}
        control={
          <Switch
            name="AcceptOtherDays"
            checked={form.AcceptOtherDays}
            onChange={(e) => set({ AcceptOtherDays: e.target.checked })}
          />
        }
      />
      <FormHelperText>{t('settings.acceptOtherDaysHelp')}</FormHelperText>
    </Box>
  );
}
