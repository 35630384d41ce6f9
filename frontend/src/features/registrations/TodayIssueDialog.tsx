import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { TodayRow } from '@shared/schemas/counter';
import type { MakeSaleForm, MakeSaleReply } from '@shared/schemas/sales';
import { call } from '@web/lib/api';
import { isDayClosed, saleRefusalMessage } from '@web/lib/sale-refusal';
import { sessionHasRole, useSession } from '@web/lib/session';
import { to } from '@web/paths';
import { IssueSeedsForm } from './IssueSeedsForm';
import { issueRowOf } from './today-row';
import { useIssueLots } from './use-issue-lots';

const makeSale = (body: MakeSaleForm) => call('POST /api/sales/make', { body });

/**
 * Issue in three taps (docs/decisions/0025-counter-day.md, section 6): opened by Issue on a checked-in row, with
 * the fitting lot, the registered quantity and Cash chosen; Confirm makes the sale (the dialog with its total is
 * the confirmation), Print opens the bill, which prints itself in this browser's layout (A4 or a thermal strip).
 */
export function TodayIssueDialog({ row, onClose, onIssued }: { row: TodayRow; onClose: () => void; onIssued: () => void }) {
  const { t, i18n } = useTranslation();
  const isAdmin = sessionHasRole(useSession(), ['admin']);
  const registration = issueRowOf(row);
  const { crop, lots, loadError } = useIssueLots(registration);
  const [error, setError] = useState<string | null>(null);
  const [sale, setSale] = useState<MakeSaleReply | null>(null);
  const mutation = useMutation({ mutationFn: makeSale });

  const confirm = async (body: MakeSaleForm) => {
    setError('');
    try {
      setSale(await mutation.mutateAsync(body));
      onIssued();
    } catch (e) {
      setError(saleRefusalMessage(e, t, t('today.failed')));
      // A day closed meanwhile: Today reads it again and says so above the list.
      if (isDayClosed(e)) onIssued();
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="today-issue-title" fullWidth maxWidth="sm">
      <DialogTitle id="today-issue-title">
        {t('today.issueTitle', { token: row.token ?? '' })} — {row.name} ({row.number}/{row.year})
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {cropLabel(row, i18n.language)} · {row.mobileNumber}
        </Typography>
        {sale ? (
          <Alert severity="success" role="status" data-testid="today-issued">
            {t('today.issued', { invoice: sale.invoiceNumber })}
          </Alert>
        ) : (
          <Box sx={{ display: 'grid' }}>
            <IssueSeedsForm
              row={registration}
              crop={crop}
              lots={lots}
              isAdmin={isAdmin}
              busy={mutation.isPending}
              error={error ?? loadError}
              submitLabel={t('today.confirm')}
              onIssue={(body) => void confirm(body)}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('today.close')}</Button>
        {sale && (
          <Button variant="contained" href={`${to.bill(sale.invoiceNumber)}?print=1`} target="_blank" rel="noopener">
            {t('today.print')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
