import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gstinProblem } from '@shared/gstin';
import type { SectionProps } from './settings-form-state';

/** The supplier's name, address and GSTIN as the bill of supply prints them. */
export function BillFields({ form, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  // The schema's message is English; the page says it in its own language.
  const gstinError = errorOf('InstituteGSTIN') && t(`settings.gstinProblems.${gstinProblem(form.InstituteGSTIN) ?? 'shape'}`);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="legend" sx={{ mb: 1 }}>
        {t('settings.billTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('settings.billIntro')}
      </Typography>
      <TextField
        label={t('settings.instituteName')}
        name="InstituteName"
        value={form.InstituteName}
        onChange={(e) => set({ InstituteName: e.target.value })}
        error={!!errorOf('InstituteName')}
        helperText={errorOf('InstituteName')}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <TextField
        label={t('settings.instituteAddress')}
        name="InstituteAddress"
        value={form.InstituteAddress}
        onChange={(e) => set({ InstituteAddress: e.target.value })}
        error={!!errorOf('InstituteAddress')}
        helperText={errorOf('InstituteAddress') ?? t('settings.instituteAddressHelp')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <TextField
        label={t('settings.instituteGstin')}
        name="InstituteGSTIN"
        value={form.InstituteGSTIN}
        onChange={(e) => set({ InstituteGSTIN: e.target.value.toUpperCase() })}
        error={!!gstinError}
        helperText={gstinError || t('settings.instituteGstinHelp')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false } }}
      />
    </Box>
  );
}
