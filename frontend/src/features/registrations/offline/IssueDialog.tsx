import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PreparedRow } from '@shared/schemas/offline-counter';
import { amountOf, floatLeftKg, type CounterState } from './counter-state';

/** Kg of `bags` of the float's crop: bags of its size for a crop sold by the bag, else kg. */
export const kgOf = (bags: number, float: { unit: 'bag' | 'kg'; bagSizeKg: number | null }) =>
  float.unit === 'bag' ? bags * (float.bagSizeKg ?? 0) : bags;

/** Issue: the float of the registration's crop, the registered quantity, Cash; Confirm makes the bill. */
export function IssueDialog({
  row,
  state,
  onClose,
  onConfirm,
}: {
  row: PreparedRow;
  state: CounterState;
  onClose: () => void;
  onConfirm: (row: PreparedRow, lotID: number, bags: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const floats = state.prepared.preparation.floats.filter((f) => f.cropID === row.cropID);
  const [lotID, setLotID] = useState(() => floats.find((f) => floatLeftKg(state, f.lotID) > 0)?.lotID ?? floats[0]?.lotID ?? 0);
  const [bags, setBags] = useState(row.saleLimit);
  const float = floats.find((f) => f.lotID === lotID);
  const kg = float ? kgOf(bags, float) : 0;
  const left = float ? floatLeftKg(state, float.lotID) : 0;
  const tooMuch = kg > left;
  const invalid = !float || bags < 1 || bags > row.saleLimit || tooMuch;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {row.name} · {row.registrationID}
      </DialogTitle>
      <DialogContent>
        {!floats.length ? (
          <Alert severity="warning">{t('offline.noFloat')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              size="small"
              label={t('offline.lot')}
              value={lotID}
              onChange={(e) => setLotID(Number(e.target.value))}
            >
              {floats.map((f) => (
                <MenuItem key={f.lotID} value={f.lotID}>
                  {f.lotCode} ({floatLeftKg(state, f.lotID)} kg)
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={t('offline.quantity')}
              value={bags}
              onChange={(e) => setBags(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
              slotProps={{ htmlInput: { min: 1, max: row.saleLimit } }}
              helperText={`${kg} kg`}
            />
            {tooMuch && <Alert severity="warning">{t('offline.overFloat', { kg: left })}</Alert>}
            {float && (
              <Typography sx={{ fontWeight: 600 }}>{t('offline.amount', { amount: amountOf(kg, float.price) })}</Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('offline.close')}</Button>
        <Button
          variant="contained"
          disabled={invalid}
          onClick={() => void onConfirm(row, lotID, bags)}
          data-testid="offline-confirm"
        >
          {t('offline.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
