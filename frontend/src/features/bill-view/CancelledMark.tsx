import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cancelledMarkView } from '@shared/public-pages/bill-cancelled';
import type { BillReply } from '@shared/schemas/sales';
import { usePageWords } from '@web/lib/page-words';

/**
 * The large CANCELLED mark of a cancelled bill (docs/decisions/0023-records.md, section 1), as
 * shared/public-pages/bill-cancelled.ts words it: the date, the reason (readers holding the bill's token and staff) and the
 * credit note, linked to its page. Shown on screen and in print, for staff and for readers who scanned the bill's
 * QR code alike. Nothing for a bill that stands.
 */
export default function CancelledMark({ bill }: { bill: BillReply }) {
  const { t, lang } = usePageWords();
  const mark = cancelledMarkView(bill, t, lang);
  if (!mark) return null;
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
        {mark.mark}
      </Typography>
      <Typography sx={{ color: 'text.primary', mt: 0.5 }}>{mark.body}</Typography>
      {mark.on && (
        <Typography sx={{ color: 'text.primary' }} data-testid="bill-cancelled-on">
          {mark.on}
        </Typography>
      )}
      {mark.reason && (
        <Typography sx={{ color: 'text.primary' }} data-testid="bill-cancel-reason">
          {mark.reason}
        </Typography>
      )}
      {mark.creditNote && (
        <Typography sx={{ color: 'text.primary', fontWeight: 600 }}>
          {mark.creditNote.label}:{' '}
          <Box component="a" sx={{ color: 'primary.main' }} href={mark.creditNote.href} data-testid="bill-credit-note">
            {mark.creditNote.number}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
