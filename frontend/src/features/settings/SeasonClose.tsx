import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import { errorMessage } from '@web/lib/api';
import { closeSeason, getRetention } from './api';

const RETENTION_QUERY_KEY = ['retention'] as const;

/**
 * The Aadhaar scans' side of the season: how many wait for their day, each season closed or being closed with
 * its progress, and closing a season (every scan of the year deleted) after a confirmation.
 */
export function SeasonClose() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const retention = useQuery({ queryKey: RETENTION_QUERY_KEY, queryFn: getRetention });
  const [year, setYear] = useState(() => String(new Date().getFullYear() - 1));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const yearNumber = Number(year);

  const close = async () => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const s = await closeSeason(yearNumber);
      setNotice(
        t(s.status === 'done' ? 'settings.closeSeasonDone' : 'settings.closeSeasonStarted', { year: s.year, deleted: s.deleted }),
      );
    } catch (err) {
      setError(errorMessage(err, t('common.failedToLoad')));
    } finally {
      setBusy(false);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: RETENTION_QUERY_KEY });
    }
  };

  const data = retention.data;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 3, display: 'grid', gap: 1.5 }}
      component="section"
      aria-labelledby="retention-title"
    >
      <Typography variant="h6" component="h2" id="retention-title">
        {t('settings.retentionTitle')}
      </Typography>
      {retention.isError && <Alert severity="error">{errorMessage(retention.error, t('common.failedToLoad'))}</Alert>}
      {data && <Typography>{t('settings.retentionWaiting', { count: data.waiting })}</Typography>}
      {data?.seasons.map((s) => (
        <Typography key={s.year} variant="body2" data-testid={`season-${s.year}`}>
          {t(s.status === 'done' ? 'settings.seasonDone' : 'settings.seasonRunning', {
            year: s.year,
            deleted: s.deleted,
            at: formatDateTime(s.finishedAt ?? s.startedAt, i18n.language),
            by: s.startedBy,
          })}
        </Typography>
      ))}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('settings.closeSeasonYear')}
          name="closeSeasonYear"
          size="small"
          value={year}
          onChange={(e) => setYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ width: 160 }}
        />
        <Button variant="outlined" color="error" disabled={busy || year.length !== 4} onClick={() => setConfirming(true)}>
          {t('settings.closeSeason')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('settings.closeSeasonHelp')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {notice && <Alert severity="success">{notice}</Alert>}
      {confirming && (
        <Dialog open onClose={busy ? undefined : () => setConfirming(false)} aria-labelledby="close-season-title">
          <DialogTitle id="close-season-title">{t('settings.closeSeasonConfirmTitle', { year: yearNumber })}</DialogTitle>
          <DialogContent>
            <Typography>{t('settings.closeSeasonConfirm', { year: yearNumber })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              {t('settings.closeSeasonNo')}
            </Button>
            <Button variant="contained" color="error" onClick={() => void close()} disabled={busy}>
              {t('settings.closeSeasonYes')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
