import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BILL_QR_SIZE } from '@shared/public-pages/bill';
import { creditNoteView } from '@shared/public-pages/credit-note';
import type { CreditNoteReply } from '@shared/schemas/credit-notes';
import { PrintSheet, QrFigure, SheetHead } from '@web/components/PrintedSheet';
import { FactTable } from '@web/components/PublicPageParts';
import { routeUrl } from '@web/lib/api';
import { usePageWords } from '@web/lib/page-words';

/**
 * The credit note as printed, on one A4 page with its QR code (shared/public-pages/credit-note.ts, as the
 * functions' page of the credit note draws it): fetched by the page beside the note and its texts.
 */
export function CreditNoteSheet({ note }: { note: CreditNoteReply }) {
  const { t, lang } = usePageWords();
  const view = creditNoteView(note, t, lang);
  const qr = routeUrl('GET /api/credit-notes/by-number/{number}/qrcode.png', {
    params: { number: note.creditNoteNumber },
    query: { size: BILL_QR_SIZE, t: view.qrToken },
  });
  return (
    <PrintSheet testId="credit-note" className="print-avoid-break">
      <SheetHead
        issuer={
          <Box>
            {view.supplier ? (
              <Box data-testid="credit-note-supplier">
                <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{view.supplier.name}</Typography>
                {view.supplier.address && <Typography variant="body2">{view.supplier.address}</Typography>}
                <Typography variant="body2">GSTIN: {view.supplier.gstin}</Typography>
              </Box>
            ) : (
              <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
                {view.institute}
              </Typography>
            )}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {view.heading}
            </Typography>
          </Box>
        }
        facts={[view.number, view.issuedOn]}
      />
      {view.notVerified && (
        <Typography
          role="alert"
          className="no-print"
          data-testid="credit-note-check"
          sx={{ mb: 2, p: 1.5, borderRadius: 1, border: 2, borderColor: 'warning.main', bgcolor: '#fff4e5', color: '#663c00' }}
        >
          <strong>{view.notVerified.title}</strong>
          <br />
          {view.notVerified.body}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 300px', minWidth: 0 }}>
          <FactTable facts={view.facts} />
        </Box>
        <QrFigure src={qr} alt={view.qrAlt} caption={view.scan} />
      </Box>
      <Typography
        variant="body2"
        sx={view.footer.muted ? { mt: 2, color: 'text.secondary' } : { mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}
      >
        {view.footer.text}
      </Typography>
    </PrintSheet>
  );
}
