import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SEED_MAX } from '@shared/schemas/allocation';
import type { AllocationCropReply, DrawReply } from '@shared/schemas/replies/allocation';
import { ApiError, errorMessage } from '@web/lib/api';
import { getDraw, runDraw } from './api';
import { DrawResult } from './DrawResult';

type Step = 'seed' | 'confirm' | 'result';

/**
 * A crop's draw (docs/product-rules.md#the-allocation-screen and docs/product-rules.md#the-draw-says-what-its-number-is):
 * the published random number (the algorithm's seed), with where it comes from; a confirmation that it runs only
 * once; then the published result. Opened for a crop already drawn, or refused because it was (409), it shows the
 * first result (GET /api/allocation/draw/{cropId}/{year}).
 */
export function DrawDialog({
  crop,
  name,
  onClose,
  onDrawn,
}: {
  crop: AllocationCropReply;
  name: string;
  onClose: () => void;
  onDrawn: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(crop.draw ? 'result' : 'seed');
  const [seed, setSeed] = useState('');
  const [seedProblem, setSeedProblem] = useState('');
  /** The result of a run made before, shown when this run was refused. */
  const [firstResult, setFirstResult] = useState<DrawReply | null>(null);
  const draw = useMutation({ mutationFn: (s: string) => runDraw(crop.cropId, crop.year, s) });
  const published = useQuery({
    queryKey: ['draw', crop.cropId, crop.year],
    queryFn: ({ signal }) => getDraw(crop.cropId, crop.year, signal),
    enabled: step === 'result' && !draw.data && !firstResult,
  });
  const result = draw.data ?? firstResult ?? published.data;

  const toConfirm = (e: FormEvent) => {
    e.preventDefault();
    if (!seed.trim()) {
      setSeedProblem(t('allocation.seedMissing'));
      return;
    }
    setSeedProblem('');
    setStep('confirm');
  };
  const run = async () => {
    try {
      await draw.mutateAsync(seed.trim());
      setStep('result');
      onDrawn();
    } catch (e) {
      // Run before (here or elsewhere): the first result stands and is shown. Other refusals stay on screen.
      if (!(e instanceof ApiError) || e.status !== 409) return;
      const first = await getDraw(crop.cropId, crop.year).catch(() => null);
      if (!first) return;
      setFirstResult(first);
      setStep('result');
      onDrawn();
    }
  };

  return (
    <Dialog
      open
      onClose={draw.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="draw-title"
      // On a phone the dialog takes the whole screen (CSS only: useMediaQuery would weigh on every page's shell).
      slotProps={{
        paper: {
          sx: {
            m: { xs: 0, sm: 4 },
            width: { xs: '100%' },
            maxWidth: { xs: '100%' },
            height: { xs: '100%', sm: 'auto' },
            maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' },
            borderRadius: { xs: 0, sm: 1 },
          },
        },
      }}
    >
      <DialogTitle id="draw-title">{t('allocation.drawTitle', { crop: name, year: crop.year })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {step === 'seed' && (
          <form id="draw-seed-form" onSubmit={toConfirm} noValidate>
            <Typography variant="body2" sx={{ mb: 2 }} data-testid="draw-seed-where">
              {t('allocation.seedWhere')}
            </Typography>
            <TextField
              autoFocus
              fullWidth
              required
              label={t('allocation.seed')}
              name="seed"
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
              error={Boolean(seedProblem)}
              helperText={seedProblem || t('allocation.seedHelp')}
              slotProps={{ htmlInput: { maxLength: SEED_MAX, autoComplete: 'off' } }}
              sx={{ mt: 1 }}
            />
          </form>
        )}
        {step === 'confirm' && (
          <>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {t('allocation.confirmTitle')}
            </Typography>
            <Typography data-testid="draw-confirm-text">
              {t('allocation.confirmBody', { crop: name, year: crop.year, seed: seed.trim(), applied: crop.applied })}
            </Typography>
            {draw.isError && !firstResult && (
              <Alert severity="error" role="alert">
                {errorMessage(draw.error, t('allocation.drawFailed'))}
              </Alert>
            )}
          </>
        )}
        {step === 'result' && (
          <>
            {firstResult && (
              <Alert severity="info" role="status" data-testid="draw-already-run">
                {t('allocation.alreadyRun')}
              </Alert>
            )}
            {published.isError && !result && (
              <Alert severity="error" role="alert">
                {errorMessage(published.error, t('allocation.loadDrawFailed'))}
              </Alert>
            )}
            {!result && !published.isError && <Typography>{t('common.loading')}</Typography>}
            {result && <DrawResult draw={result} />}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 'seed' && (
          <>
            <Button onClick={onClose}>{t('catalogue.cancel')}</Button>
            <Button type="submit" form="draw-seed-form" variant="contained">
              {t('allocation.drawNext')}
            </Button>
          </>
        )}
        {step === 'confirm' && (
          <>
            <Button onClick={() => setStep('seed')} disabled={draw.isPending}>
              {t('allocation.back')}
            </Button>
            <Button variant="contained" color="warning" onClick={() => void run()} disabled={draw.isPending}>
              {draw.isPending ? t('allocation.running') : t('allocation.confirmRun')}
            </Button>
          </>
        )}
        {step === 'result' && <Button onClick={onClose}>{t('allocation.close')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
