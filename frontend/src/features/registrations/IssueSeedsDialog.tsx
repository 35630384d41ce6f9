import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { indiaLongDay } from '@shared/india-day';
import type { RegistrationRow } from '@shared/schemas/registration';
import type { MakeSaleForm, MakeSaleReply } from '@shared/schemas/sales';
import { call } from '@web/lib/api';
import { isDayClosed, saleRefusalMessage } from '@web/lib/sale-refusal';
import { sessionHasRole, useSession } from '@web/lib/session';
import { IssueSeedsForm } from './IssueSeedsForm';
import { RegistrationSummary } from './RegistrationSummary';
import { useIssueLots } from './use-issue-lots';
import { OWN_DAY_QUERY, useOwnDayClosed } from './use-own-day-closed';

const makeSale = (body: MakeSaleForm) => call('POST /api/sales/make', { body });

export interface IssueSeedsDialogProps {
  row: RegistrationRow;
  onClose: () => void;
  /** The sale was made: the page says so, with the bill. */
  onIssued: (sale: MakeSaleReply) => void;
}

/**
 * Issue Seeds (docs/product-rules.md#issue-seeds): a full-screen dialog over the Registrations page for an
 * unbilled registration: who and what was registered (RegistrationSummary), then the sale (IssueSeedsForm).
 * After 'Amount ₹… (Cash). Are you sure payment is done?' the sale is made and the dialog hands the bill to the page; a
 * refusal is alerted and shown, and the dialog stays.
 */
export function IssueSeedsDialog({ row, onClose, onIssued }: IssueSeedsDialogProps) {
  const { t, i18n } = useTranslation();
  const isAdmin = sessionHasRole(useSession(), ['admin']);
  const dayClosed = useOwnDayClosed();
  const queries = useQueryClient();
  const { crop, lots, loadError } = useIssueLots(row);
  // Once a sale is tried, its failure takes the place of a loading failure.
  const [saleError, setSaleError] = useState<string | null>(null);
  const sale = useMutation({ mutationFn: makeSale });

  const issue = async (body: MakeSaleForm, total: string) => {
    const paidBy = body.paymentMode === 'Online' ? t('issueSeeds.online') : t('issueSeeds.cash');
    const mode = body.upiRef ? t('counterDesk.upiInConfirm', { mode: paidBy, ref: body.upiRef }) : paidBy;
    if (!window.confirm(t('issueSeeds.confirm', { total, mode }))) return;
    setSaleError('');
    try {
      onIssued(await sale.mutateAsync(body));
    } catch (e) {
      // Closed since the dialog opened: the notice above says so from now on.
      if (isDayClosed(e)) void queries.invalidateQueries({ queryKey: OWN_DAY_QUERY });
      const message = saleRefusalMessage(e, t, t('issueSeeds.failed'));
      setSaleError(message);
      window.alert(message);
    }
  };

  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="issue-seeds-title">
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('issueSeeds.close')}>
            <CloseIcon />
          </IconButton>
          <Typography id="issue-seeds-title" variant="h6" component="h2" sx={{ ml: 1, flex: 1 }}>
            {t('issueSeeds.title')} — {row.name} ({row.id}/{row.year})
          </Typography>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          p: { xs: 2, md: 3 },
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        {dayClosed && (
          <Alert severity="warning" data-testid="issue-day-closed" sx={{ gridColumn: '1 / -1' }}>
            {t('counterDesk.dayClosed', { day: indiaLongDay(dayClosed.date, i18n.language === 'hi' ? 'hi' : 'en') })}
          </Alert>
        )}
        <RegistrationSummary row={row} />
        <IssueSeedsForm
          row={row}
          crop={crop}
          lots={lots}
          isAdmin={isAdmin}
          busy={sale.isPending || Boolean(dayClosed)}
          error={saleError ?? loadError}
          onIssue={(body, total) => void issue(body, total)}
        />
      </Box>
    </Dialog>
  );
}
