import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BillReply } from '@shared/schemas/sales';
import { kolkataDateTime } from '@shared/kolkata-date-time';

/** Path of the credit note's page (a literal here: shared/schemas/credit-notes.ts would bring zod to this public page). */
export const creditNotePath = (number: string, token?: string) =>
  `/credit-note/${encodeURIComponent(number)}${token ? `?t=${encodeURIComponent(token)}` : ''}`;

/**
 * The large CANCELLED mark of a cancelled bill (docs/decisions/0023-records.md, section 1): the date, the reason
 * (readers holding the bill's token and staff) and the credit note, linked to its page. Shown on screen and in
 * print, for staff and for readers who scanned the bill's QR code alike. Nothing for a bill that stands.
 */
export default function CancelledMark({ bill }: { bill: BillReply }) {
  const { t, i18n } = useTranslation();
  if (bill.status !== 'cancelled') return null;
  const reason = 'cancelReason' in bill ? bill.cancelReason : undefined;
  const token = 'creditNoteToken' in bill ? bill.creditNoteToken : undefined;
  return (
    <Box
      role="alert"
      data-testid="bill-cancelled"
      sx={{
        border: 4,
        borderColor: 'error.main',
        color: 'error.main',
        borderRadius: 1,
        p: { xs: 1.5, sm: 2 },
        mb: 2,
        textAlign: 'center',
        bgcolor: 'background.paper',
        '@media print': { mb: 1, breakInside: 'avoid' },
      }}
    >
      <Typography
        component="p"
        data-testid="bill-cancelled-mark"
        sx={{ fontWeight: 800, fontSize: { xs: 30, sm: 44 }, letterSpacing: 4, lineHeight: 1.1 }}
      >
        {t('creditNote.cancelledMark')}
      </Typography>
      <Typography sx={{ color: 'text.primary', mt: 0.5 }}>{t('creditNote.cancelledBody')}</Typography>
      {bill.cancelledOn && (
        <Typography sx={{ color: 'text.primary' }} data-testid="bill-cancelled-on">
          {t('creditNote.cancelledOn', { date: kolkataDateTime(bill.cancelledOn, i18n.language) })}
        </Typography>
      )}
      {reason && (
        <Typography sx={{ color: 'text.primary' }} data-testid="bill-cancel-reason">
          {t('creditNote.cancelReason', { reason })}
        </Typography>
      )}
      {bill.creditNoteNumber && (
        <Typography sx={{ color: 'text.primary', fontWeight: 600 }}>
          {t('creditNote.label')}:{' '}
          <Box
            component="a"
            sx={{ color: 'primary.main' }}
            href={creditNotePath(bill.creditNoteNumber, token)}
            data-testid="bill-credit-note"
          >
            {bill.creditNoteNumber}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
