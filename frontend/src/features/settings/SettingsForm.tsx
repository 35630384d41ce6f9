import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { ALLOCATION_MODES, OPENS_NEXT_MAX_LENGTH, type AllocationMode } from '@shared/config-keys';
import { formatDay } from '@shared/format';
import { gstinProblem } from '@shared/gstin';
import { SettingsInput, type SettingsReply } from '@shared/schemas/admin';
import { useStaffForm } from '@web/lib/useStaffForm';
import { saveSettings } from './api';

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Form state: the per-day limit is kept as typed text until saved. */
export interface FormState {
  Is_SVS_Form_On: boolean;
  PerDayLimit: string;
  AppointmentStartDate: string;
  WeeklyOffDay: number;
  Holidays: string[];
  ShiftLabels: [string, string];
  RegistrationOpensNext: string;
  CounterAddress: string;
  CounterHours: string;
  AllocationMode: AllocationMode;
  /** Kept as typed text until saved, as the per-day limit. */
  CollectionGraceDays: string;
  ReservedShares: string;
  DrawDate: string;
  InstituteName: string;
  InstituteAddress: string;
  InstituteGSTIN: string;
  GrievanceOfficerName: string;
  GrievanceOfficerContact: string;
  /** Kept as typed text until saved. */
  ScanRetentionDays: string;
  AcceptOtherDays: boolean;
}

export function toForm(s: SettingsReply): FormState {
  return {
    ...s,
    PerDayLimit: String(s.PerDayLimit),
    Holidays: [...s.Holidays],
    ShiftLabels: [s.ShiftLabels[0], s.ShiftLabels[1]],
    CounterAddress: s.CounterAddress ?? '',
    CounterHours: s.CounterHours ?? '',
    CollectionGraceDays: String(s.CollectionGraceDays),
    ScanRetentionDays: String(s.ScanRetentionDays),
  };
}

const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function toInput(f: FormState): unknown {
  return {
    ...f,
    PerDayLimit: typedNumber(f.PerDayLimit),
    CollectionGraceDays: typedNumber(f.CollectionGraceDays),
    ScanRetentionDays: typedNumber(f.ScanRetentionDays),
  };
}

/** The settings form, filled with the settings as loaded; a save shows what the server stored. */
export function SettingsForm({ initial, onSaved }: { initial: FormState; onSaved?: () => void }) {
  const { t, i18n } = useTranslation();
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
  const [holiday, setHoliday] = useState('');

  const set = (patch: Partial<FormState>) => {
    for (const [k, v] of Object.entries(patch)) setValue(k as keyof FormState, v as never);
    // Editing after a save: the form no longer shows what was saved.
    if (notice) closeNotice();
  };

  const addHoliday = () => {
    if (!holiday) return;
    set({ Holidays: [...new Set([...form.Holidays, holiday])].sort() });
    setHoliday('');
  };

  const holidayErrors = messages.filter(([k]) => k === 'Holidays' || k.startsWith('Holidays.')).map(([, v]) => v);
  const showDate = (day: string) => formatDay(day, i18n.language);
  // The schema's message is English; the page says it in its own language.
  const gstinError = errorOf('InstituteGSTIN') && t(`settings.gstinProblems.${gstinProblem(form.InstituteGSTIN) ?? 'shape'}`);

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

        <Box>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {t('settings.holidays')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <TextField
              label={t('settings.holidayDate')}
              type="date"
              size="small"
              value={holiday}
              onChange={(e) => setHoliday(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addHoliday();
                }
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="outlined" onClick={addHoliday} disabled={!holiday}>
              {t('settings.addHoliday')}
            </Button>
          </Stack>
          {form.Holidays.length === 0 ? (
            <Typography color="text.secondary" variant="body2">
              {t('settings.noHolidays')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {form.Holidays.map((d) => (
                <li key={d}>
                  <Chip
                    label={showDate(d)}
                    title={d}
                    onDelete={() => set({ Holidays: form.Holidays.filter((x) => x !== d) })}
                    deleteIcon={<CancelIcon titleAccess={t('settings.removeHoliday', { date: d })} />}
                  />
                </li>
              ))}
            </Box>
          )}
          {holidayErrors.length > 0 && <FormHelperText error>{holidayErrors[0]}</FormHelperText>}
        </Box>

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
