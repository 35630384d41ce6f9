import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SetupChecklist as Steps } from '@shared/schemas/dashboard';
import { paths } from '@web/paths';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { secondFactorStatus } from './api';

/** Recommends the setting StaffSecondFactor while it is off (docs/decisions/0044-staff-second-factor.md); not a counted step. */
function SecondFactorTip() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: ['second-factor'], queryFn: secondFactorStatus });
  if (!status.data || status.data.required) return null;
  return (
    <Alert severity="info" sx={{ mt: 1.5 }} data-testid="setup-second-factor">
      {t('secondFactor.checklistTip')}{' '}
      <RouterLink to={paths.admin.settings}>{t('firstRun.steps.counterAddress.action')}</RouterLink>
    </Alert>
  );
}

/** The steps in the order they are done, each with the screen that does it. */
const STEPS = [
  { key: 'producer', path: paths.admin.producers },
  { key: 'crop', path: paths.admin.crops },
  { key: 'lot', path: paths.admin.lots },
  { key: 'counterAddress', path: paths.admin.settings },
  { key: 'registrationsOpen', path: paths.admin.settings },
] as const satisfies readonly { key: keyof Steps; path: string }[];

/**
 * The first-run checklist of the dashboard (admins; docs/product-rules.md, "A fresh install starts with
 * registrations closed and a setup checklist"): what to set up before farmers register, each step ticked once
 * done and linked to its screen while not. Nothing once every step is done.
 */
export function SetupChecklist({ steps }: { steps: Steps }) {
  const { t } = useTranslation();
  const done = STEPS.filter((s) => steps[s.key]).length;
  if (done === STEPS.length) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="setup-title"
      data-testid="setup-checklist"
      sx={{ p: 2, mb: 2, borderColor: 'warning.main', borderWidth: 2 }}
    >
      <Typography id="setup-title" variant="h6" component="h2">
        {t('firstRun.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('firstRun.intro', { done, total: STEPS.length })}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {STEPS.map(({ key, path }) => {
          const ok = steps[key];
          return (
            <Box
              component="li"
              key={key}
              data-step={key}
              data-done={ok}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
            >
              {ok ? (
                <CheckCircleIcon color="success" titleAccess={t('firstRun.done')} />
              ) : (
                <RadioButtonUncheckedIcon color="action" titleAccess={t('firstRun.toDo')} />
              )}
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, textDecoration: ok ? 'line-through' : undefined }}>
                  {t(`firstRun.steps.${key}.title`)}
                </Typography>
                {!ok && (
                  <Typography variant="body2" color="text.secondary">
                    {t(`firstRun.steps.${key}.help`)}
                  </Typography>
                )}
              </Box>
              {!ok && (
                <Button size="small" variant="outlined" component={RouterLink} to={path}>
                  {t(`firstRun.steps.${key}.action`)}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      <SecondFactorTip />
    </Paper>
  );
}
