import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PreparedReply } from '@shared/schemas/offline-counter';
import type { OfflineBill } from './counter-state';
import { OfflineBillSheet, type SheetLayout } from './OfflineBillSheet';

/** An offline bill with its print: A4 or the thermal strip, this computer's choice kept. */
export function OfflineBillDialog({
  bill,
  supplier,
  sellerName,
  onClose,
}: {
  bill: OfflineBill;
  supplier: PreparedReply['supplier'];
  sellerName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<SheetLayout>(() => (localStorage.getItem('offlineBillLayout') as SheetLayout) || 'a4');
  const print = () => {
    document.body.classList.add('print-offline-bill');
    window.print();
    document.body.classList.remove('print-offline-bill');
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md">
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }} className="no-print">
          <Typography>{t('offline.layout')}</Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layout}
            onChange={(_, v: SheetLayout | null) => {
              if (!v) return;
              localStorage.setItem('offlineBillLayout', v);
              setLayout(v);
            }}
          >
            <ToggleButton value="a4">{t('offline.a4')}</ToggleButton>
            <ToggleButton value="thermal">{t('offline.thermal')}</ToggleButton>
          </ToggleButtonGroup>
          <Chip
            size="small"
            label={t(
              bill.status === 'pending'
                ? 'offline.pendingStatus'
                : bill.status === 'applied'
                  ? 'offline.appliedStatus'
                  : 'offline.conflictStatus',
            )}
          />
        </Stack>
        <OfflineBillSheet bill={bill} supplier={supplier} sellerName={sellerName} layout={layout} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('offline.close')}</Button>
        <Button variant="contained" onClick={print} data-testid="offline-print">
          {t('offline.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
