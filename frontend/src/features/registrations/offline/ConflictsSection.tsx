import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '@web/lib/api';

/**
 * Admins: the counters with what each holds (an open preparation from an earlier day is overdue: it never came back
 * online or never reconciled), and the offline conflicts, each resolved once with a reason: kept (its kg from the
 * lot) or cancelled by credit note (docs/decisions/0048-offline-counter.md).
 */
export function ConflictsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const counters = useQuery({ queryKey: ['offline-counters'], queryFn: () => call('GET /api/counters') });
  const conflicts = useQuery({
    queryKey: ['offline-conflicts'],
    queryFn: () => call('GET /api/offline-conflicts', { query: {} }),
  });
  const [form, setForm] = useState({ code: '', name: '', floatKg: '200', blockSize: '50' });
  const save = useMutation({
    mutationFn: () =>
      call('PUT /api/counters/{code}', {
        params: { code: form.code },
        body: { name: form.name, floatKg: Number(form.floatKg), blockSize: Number(form.blockSize), shifts: [1, 2] },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['offline-counters'] }),
  });
  const field = (key: keyof typeof form, label: string, width: number) => (
    <TextField
      size="small"
      name={`counter-${key}`}
      label={label}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: key === 'code' ? e.target.value.slice(0, 1).toUpperCase() : e.target.value })}
      sx={{ width }}
    />
  );
  const resolve = useMutation({
    mutationFn: (v: { number: string; resolution: 'keep' | 'cancel' }) =>
      call('POST /api/offline-conflicts/{number}/resolve', {
        params: { number: v.number },
        body: { resolution: v.resolution, reason },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['offline-conflicts'] }),
  });
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="offline-counters">
        <Typography component="h2" variant="subtitle1" gutterBottom>
          {t('offline.countersTitle')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
          {field('code', t('offline.counterCode'), 120)}
          {field('name', t('offline.counterName'), 200)}
          {field('floatKg', t('offline.floatKg'), 140)}
          {field('blockSize', t('offline.blockSize'), 140)}
          <Button onClick={() => save.mutate()} disabled={!form.code || !form.name.trim() || save.isPending}>
            {t('offline.saveCounter')}
          </Button>
        </Stack>
        {save.error && <Alert severity="error">{errorMessage(save.error, '')}</Alert>}
        {(counters.data?.items ?? []).map((c) => (
          <Typography key={c.code}>
            {c.code} · {c.name}: {t('offline.counterLimits', { kg: c.floatKg, numbers: c.blockSize })}{' '}
            {c.open
              ? `· ${c.open.blockFrom}–${c.open.blockTo}, ${c.open.floats.map((f) => `${f.lotCode} ${f.leftKg} kg`).join(', ')}`
              : ''}
            {c.overdue && <Chip size="small" color="error" sx={{ ml: 1 }} label={t('offline.overdue')} />}
          </Typography>
        ))}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="offline-conflicts">
        <Typography component="h2" variant="subtitle1" gutterBottom>
          {t('offline.conflictsTitle')}
        </Typography>
        {resolve.error && <Alert severity="error">{errorMessage(resolve.error, '')}</Alert>}
        {conflicts.data?.items.length === 0 && <Typography>{t('offline.noConflicts')}</Typography>}
        {!!conflicts.data?.items.length && (
          <TextField
            size="small"
            fullWidth
            label={t('offline.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ my: 1 }}
          />
        )}
        {(conflicts.data?.items ?? []).map((c) => (
          <Stack
            key={c.invoiceNumber}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ flex: 1 }}>
              {c.invoiceNumber} · {c.farmerName} · {c.kg} kg · ₹{c.amount} — {c.message}
            </Typography>
            <Button
              size="small"
              disabled={reason.trim().length < 3}
              onClick={() => resolve.mutate({ number: c.invoiceNumber, resolution: 'keep' })}
            >
              {t('offline.keep')}
            </Button>
            <Button
              size="small"
              disabled={reason.trim().length < 3}
              onClick={() => resolve.mutate({ number: c.invoiceNumber, resolution: 'cancel' })}
            >
              {t('offline.cancelByCreditNote')}
            </Button>
          </Stack>
        ))}
      </Paper>
    </>
  );
}
