import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataRequestReply } from '@shared/schemas/records';
import { errorMessage } from '@web/lib/api';
import { resolveDataRequest } from './api';

/**
 * Resolving a request is its own confirmation: the admin picks done or refused, writes the note the farmer
 * reads (required to refuse) and confirms; an erasure says what "done" will erase before it is confirmed.
 */
export function ResolveDialog({
  request,
  onClose,
  onResolved,
}: {
  request: DataRequestReply;
  onClose: () => void;
  onResolved: (r: DataRequestReply) => void;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'done' | 'refused'>('done');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onResolved(await resolveDataRequest(request.id, { outcome, note }));
    } catch (err) {
      setError(errorMessage(err, t('common.failedToLoad')));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="resolve-title" fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="resolve-title">{t('dataRequests.resolveTitle', { id: request.id })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            {t(`dataRequests.kinds.${request.kind}`)} · {request.name} · {request.registration.id}/{request.registration.year}
          </Typography>
          {request.details && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{request.details}</Typography>}
          <Alert severity={request.kind === 'erasure' ? 'warning' : 'info'}>
            {request.kind === 'erasure' ? t('dataRequests.erasureWarning') : t('dataRequests.correctionHint')}
          </Alert>
          <RadioGroup
            row
            name="outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as 'done' | 'refused')}
            aria-label={t('dataRequests.outcome')}
          >
            <FormControlLabel value="done" control={<Radio />} label={t('dataRequests.done')} />
            <FormControlLabel value="refused" control={<Radio />} label={t('dataRequests.refused')} />
          </RadioGroup>
          <TextField
            label={t('dataRequests.note')}
            name="note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            helperText={t('dataRequests.noteHelp')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('dataRequests.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={outcome === 'done' && request.kind === 'erasure' ? 'error' : 'primary'}
            disabled={busy}
          >
            {t('dataRequests.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
