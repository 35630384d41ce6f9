import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { ALLOCATION_STATUSES } from '@shared/allocation-status';
import type { AllocationCropReply } from '@shared/schemas/replies/allocation';
import { NativeSelectField } from '@web/components/FilterFields';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { errorMessage } from '@web/lib/api';
import { sessionHasRole, useSession } from '@web/lib/session';
import { paths } from '@web/paths';
import { AllocationBar } from './AllocationBar';
import { getAllocation, kgText, runSweep } from './api';
import { DrawDialog } from './DrawDialog';

/** Why the server would refuse a crop's draw now (functions/allocation/draw-service.ts), or null. */
function drawBlocker(
  crop: AllocationCropReply,
  formOpen: boolean,
): 'drawBlockedFormOpen' | 'drawBlockedNoApplicants' | 'drawBlockedWaitingOne' | 'drawBlockedWaiting' | null {
  if (formOpen) return 'drawBlockedFormOpen';
  if (crop.waitlisted === 1) return 'drawBlockedWaitingOne';
  if (crop.waitlisted > 1) return 'drawBlockedWaiting';
  if (crop.applied === 0) return 'drawBlockedNoApplicants';
  return null;
}

/** The counts shown per crop: billed farmers apart from the confirmed ones still to collect. */
const COUNTED = ['confirmed', 'billed', ...ALLOCATION_STATUSES.filter((s) => s !== 'confirmed')] as const;

/** The year in India now: the allocation's default year, as the server's. */
const indiaYear = () =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));

/**
 * Allocation (staff; docs/product-rules.md#the-allocation-screen): for a year, per crop its stock, what is
 * promised to confirmed farmers, sold and still free (kg, and as one bar), and its registrations per status.
 * Admins run the expiry and promotion sweep now, and the draw of a crop in draw mode or with applicants,
 * whose published result the same button shows once it was run.
 */
export default function AllocationPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('allocation.title'));
  const isAdmin = sessionHasRole(useSession(), ['admin']);
  const thisYear = indiaYear();
  const [year, setYear] = useState(thisYear);
  const [drawFor, setDrawFor] = useState<AllocationCropReply | null>(null);
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: ['allocation', year], queryFn: ({ signal }) => getAllocation(year, signal) });
  const sweep = useMutation({
    mutationFn: runSweep,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['allocation'] }),
  });
  const lang = i18n.language;
  const data = summary.data;

  return (
    <StaffPage title={t('allocation.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('allocation.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <NativeSelectField
          label={t('allocation.year')}
          name="year"
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          sx={{ minWidth: 110 }}
        >
          {[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelectField>
        {data && (
          <Typography variant="body2" data-testid="allocation-mode">
            {t('allocation.mode', { mode: t(`allocation.modes.${data.mode}`) })} ·{' '}
            {t('allocation.graceDays', { days: data.graceDays })}
          </Typography>
        )}
        {isAdmin && (
          <Box sx={{ ml: { sm: 'auto' }, maxWidth: { sm: 420 } }}>
            <Button variant="outlined" onClick={() => sweep.mutate()} disabled={sweep.isPending} aria-describedby="sweep-help">
              {sweep.isPending ? t('allocation.sweeping') : t('allocation.runSweep')}
            </Button>
            <Typography id="sweep-help" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('allocation.sweepHelp')}
            </Typography>
          </Box>
        )}
      </Box>
      {sweep.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => sweep.reset()}>
          {t('allocation.swept', { expired: sweep.data.expired, promoted: sweep.data.promoted })}
        </Alert>
      )}
      {sweep.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => sweep.reset()}>
          {errorMessage(sweep.error, t('allocation.sweepFailed'))}
        </Alert>
      )}
      {summary.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(summary.error, t('allocation.loadFailed'))}
        </Alert>
      )}
      {summary.isPending && <Typography>{t('common.loading')}</Typography>}
      {data && data.crops.length === 0 && <Typography>{t('allocation.empty')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {data?.crops.map((crop) => {
          const name = cropLabel(crop, lang);
          const drawable = isAdmin && (data.mode === 'draw' || crop.applied > 0 || Boolean(crop.draw));
          const blocker = crop.draw ? null : drawBlocker(crop, data.formOpen);
          const blockerId = `draw-blocked-${crop.cropId}`;
          return (
            <Paper
              key={crop.cropId}
              variant="outlined"
              component="article"
              aria-labelledby={`crop-${crop.cropId}`}
              data-testid="allocation-crop"
              data-crop={crop.cropName}
              sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                <Typography id={`crop-${crop.cropId}`} variant="h6" component="h2" sx={{ flex: 1 }}>
                  {name}
                </Typography>
                {drawable && blocker && (
                  <Typography id={blockerId} variant="body2" color="text.secondary" data-testid="draw-blocked">
                    {t(`allocation.${blocker}`, { count: crop.waitlisted })}
                    {blocker === 'drawBlockedFormOpen' && (
                      <>
                        {' '}
                        <Link component={RouterLink} to={paths.admin.settings} data-testid="draw-blocked-settings">
                          {t('allocation.closeInSettings')}
                        </Link>
                      </>
                    )}
                  </Typography>
                )}
                {drawable && (
                  <Button
                    size="small"
                    variant={crop.draw ? 'outlined' : 'contained'}
                    onClick={() => setDrawFor(crop)}
                    disabled={Boolean(blocker)}
                    aria-describedby={blocker ? blockerId : undefined}
                  >
                    {crop.draw ? t('allocation.showDraw') : t('allocation.runDraw')}
                  </Button>
                )}
              </Box>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
                  gap: 1,
                  m: 0,
                  '& dt': { color: 'text.secondary', fontSize: '0.8125rem' },
                  '& dd': { m: 0, fontWeight: 700 },
                }}
              >
                {(
                  [
                    ['stock', crop.stockKg],
                    ['promised', crop.promisedKg],
                    ['sold', crop.soldKg],
                    ['available', crop.availableKg],
                  ] as const
                ).map(([key, kg]) => (
                  <Box key={key}>
                    <dt>{t(`allocation.${key}`)}</dt>
                    <dd data-testid={`allocation-${key}`}>{t('allocation.kg', { value: kgText(kg) })}</dd>
                  </Box>
                ))}
              </Box>
              {crop.availableKg < 0 && (
                <Typography variant="body2" color="error">
                  {t('allocation.overPromised')}
                </Typography>
              )}
              {crop.stockKg > 0 ? (
                <AllocationBar crop={crop} name={name} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('allocation.noStock')}
                </Typography>
              )}
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
              >
                {COUNTED.map((status) => (
                  <Typography key={status} component="li" variant="body2" data-testid={`allocation-count-${status}`}>
                    {t(`allocation.counts.${status}`)}: <strong>{crop[status]}</strong>
                  </Typography>
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
      {drawFor && (
        <DrawDialog
          crop={drawFor}
          name={cropLabel(drawFor, lang)}
          onClose={() => setDrawFor(null)}
          onDrawn={() => void queryClient.invalidateQueries({ queryKey: ['allocation'] })}
        />
      )}
    </StaffPage>
  );
}
