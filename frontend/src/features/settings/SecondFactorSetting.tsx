import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@web/lib/api';
import { sessionHasRole, useSession } from '@web/lib/session';
import { FormPaper } from '@web/components/StaffPage';
import { saveStaffSecondFactor, secondFactorStatus } from './api';

/**
 * The setting StaffSecondFactor (docs/decisions/0044-staff-second-factor.md), recommended on: a super_admin
 * switches it; an admin sees whether it is on.
 */
export function SecondFactorSetting() {
  const { t } = useTranslation();
  const session = useSession();
  const isSuper = sessionHasRole(session, ['super_admin']);
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['second-factor'], queryFn: secondFactorStatus });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const on = status.data?.required ?? false;

  const change = async (value: boolean) => {
    setBusy(true);
    setError('');
    try {
      await saveStaffSecondFactor(value);
      await queryClient.invalidateQueries({ queryKey: ['second-factor'] });
    } catch (e) {
      setError(errorMessage(e, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <FormPaper title={t('secondFactor.settingTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('secondFactor.settingHelp')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {status.data &&
          (isSuper ? (
            <FormControlLabel
              control={
                <Switch name="StaffSecondFactor" checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />
              }
              label={t('secondFactor.settingLabel')}
            />
          ) : (
            <Typography data-testid="second-factor-setting">
              {on ? t('secondFactor.settingOn') : t('secondFactor.settingOff')}
            </Typography>
          ))}
        {status.data && !on && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('secondFactor.checklistTip')}
          </Alert>
        )}
      </FormPaper>
    </Box>
  );
}
