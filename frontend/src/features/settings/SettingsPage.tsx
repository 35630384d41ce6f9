import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/components/use-page-title';
import { ALLOCATION_NOW_KEY, getSettings } from './api';
import { CAPACITY_QUERY_KEY, CapacityTable } from './CapacityTable';
import { SeasonClose } from './SeasonClose';
import { SecondFactorSetting } from './SecondFactorSetting';
import { SettingsForm } from './SettingsForm';
import { toForm } from './settings-form-state';

/** Season settings (registrations open, per-day limit, start date, weekly off day, holidays, shift labels) and the capacity they give. */
export default function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.title'));
  const settings = useQuery({ queryKey: ['settings'], queryFn: getSettings });
  const queryClient = useQueryClient();
  const capacityChanged = () => {
    void queryClient.invalidateQueries({ queryKey: CAPACITY_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ALLOCATION_NOW_KEY });
  };

  if (settings.isError) return <Alert severity="error">{errorMessage(settings.error, t('common.failedToLoad'))}</Alert>;
  if (!settings.data) return <Typography>{t('common.loading')}</Typography>;
  return (
    <>
      <SettingsForm initial={toForm(settings.data)} onSaved={capacityChanged} />
      <CapacityTable />
      <SeasonClose />
      <SecondFactorSetting />
    </>
  );
}
