import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { COUNTER_NAME_MAX } from '@shared/schemas/counter';
import { storeCounterName } from '@web/lib/counter-name';

/** Asked once per browser, before its first Issue: the counter's name on the queue display. */
export function CounterNameDialog({ onNamed, onClose }: { onNamed: (name: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const save = () => {
    const v = name.trim();
    if (!v) return;
    storeCounterName(v);
    onNamed(v);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="counter-name-title" fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <DialogTitle id="counter-name-title">{t('today.counterNameTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('today.counterNameAsk')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label={t('today.counterName')}
            name="newCounterName"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: COUNTER_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('today.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!name.trim()}>
            {t('today.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
