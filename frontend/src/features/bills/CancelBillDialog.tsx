import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { creditNotePath } from '@shared/public-pages/paths';
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN } from '@shared/schemas/credit-notes';
import { call, errorMessage } from '@web/lib/api';

/**
 * The one dialog of a bill's cancellation: an admin cancels (optionally approving a seller's request), a seller
 * asks, an admin refuses a request with a note. One text (3-300 characters), checked before it is sent; the
 * server's refusal (e.g. already cancelled, with the credit note) is shown as it comes.
 */
/** A credit note just issued: its number and the address of its page. */
export interface IssuedCreditNote {
  number: string;
  href: string;
}

export type CancelAction =
  | { kind: 'cancel'; invoiceID: number; invoiceNumber: string; requestId?: string; reason?: string }
  | { kind: 'request'; invoiceID: number; invoiceNumber: string }
  | { kind: 'refuse'; requestId: string; invoiceNumber: string };

export function CancelBillDialog({
  action,
  onClose,
  onDone,
}: {
  action: CancelAction;
  onClose: () => void;
  /** With the message to show once it is done, and the credit note a cancellation issued (its number is linked). */
  onDone: (message: string, creditNote?: IssuedCreditNote) => void;
}) {
  const { t } = useTranslation();
  // Approving a seller's request starts from the seller's reason.
  const [text, setText] = useState(action.kind === 'cancel' ? (action.reason ?? '') : '');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = text.trim();
  const tooShort = trimmed.length < CANCEL_REASON_MIN || trimmed.length > CANCEL_REASON_MAX;
  const number = action.invoiceNumber;
  const title =
    action.kind === 'cancel'
      ? t('bills.cancelTitle', { number })
      : action.kind === 'request'
        ? t('bills.requestTitle', { number })
        : t('bills.refuseTitle', { number });
  const label = action.kind === 'refuse' ? t('bills.note') : t('bills.reason');
  const confirm =
    action.kind === 'cancel'
      ? t('bills.confirmCancel')
      : action.kind === 'request'
        ? t('bills.sendRequest')
        : t('bills.confirmRefuse');

  const submit = async () => {
    setTouched(true);
    if (tooShort || busy) return;
    setBusy(true);
    setFailure('');
    try {
      if (action.kind === 'cancel') {
        const r = await call('POST /api/invoices/{invoiceID}/cancel', {
          params: { invoiceID: action.invoiceID },
          body: { reason: trimmed, ...(action.requestId ? { requestId: action.requestId } : {}) },
        });
        onDone(t('bills.cancelled', { number, creditNote: r.creditNoteNumber }), {
          number: r.creditNoteNumber,
          href: creditNotePath(r.creditNoteNumber, r.creditNoteToken),
        });
      } else if (action.kind === 'request') {
        await call('POST /api/invoices/{invoiceID}/cancel-request', {
          params: { invoiceID: action.invoiceID },
          body: { reason: trimmed },
        });
        onDone(t('bills.requested'));
      } else {
        await call('POST /api/invoices/cancel-requests/{id}/refuse', {
          params: { id: action.requestId },
          body: { note: trimmed },
        });
        onDone(t('bills.refused'));
      }
    } catch (e) {
      setFailure(errorMessage(e, t('common.failedToLoad')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="cancel-bill-title">
      <DialogTitle id="cancel-bill-title">{title}</DialogTitle>
      <DialogContent>
        {action.kind === 'cancel' && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="cancel-warning">
            {t('bills.cancelWarning')}
          </Alert>
        )}
        {action.kind === 'request' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('bills.requestHelp')}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          name="reason"
          label={label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && tooShort}
          helperText={t('bills.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX, 'data-testid': 'cancel-reason' } }}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="cancel-error">
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('bills.close')}
        </Button>
        <Button
          variant="contained"
          color={action.kind === 'request' ? 'primary' : 'error'}
          onClick={() => void submit()}
          disabled={busy}
          data-testid="cancel-confirm"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
