import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { billCopyView } from '@shared/public-pages/bill-copy';
import { kolkataDateTime } from '@shared/kolkata-date-time';
import type { InvoiceResponse } from '@shared/schemas/sales';
import { PrintSheet, QrFigure, SheetHead } from '@web/components/PrintedSheet';
import { FactSection } from '@web/components/PublicPageParts';
import { usePageWords } from '@web/lib/page-words';
import { AmountInWords, NoTaxLine } from '@web/components/AmountInWords';
import { SupplierBlock } from './SupplierBlock';

/**
 * One copy of the bill on A4 (shared/public-pages/bill-copy.ts, as the functions' page draws the reader's): the
 * reader's 'Duplicate Copy', or the staff's 'Original 1st Copy' and 'Copy for guard', each with who made the bill.
 */
export function BillCopy({
  bill,
  label,
  qr,
  signedIn,
  last,
}: {
  bill: InvoiceResponse;
  label: string;
  /** The QR image, with the bill's token (the staff's copy, or the one the reader came with). */
  qr: string;
  signedIn: boolean;
  last: boolean;
}) {
  const { t, lang } = usePageWords();
  const view = billCopyView(bill, t, lang);
  return (
    <PrintSheet testId="bill-copy" className={`print-avoid-break${last ? '' : ' print-page-break'}`} spaced>
      <SheetHead
        issuer={
          view.supplier ? (
            <SupplierBlock head={view.supplier} />
          ) : (
            <Box>
              <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
                {view.institute.name}
              </Typography>
              <Typography variant="body2">{view.institute.heading}</Typography>
            </Box>
          )
        }
        label={
          <Typography data-testid="copy-label" sx={{ fontWeight: 700, fontSize: 14 }}>
            {label}
          </Typography>
        }
        facts={[view.number, view.generatedOn]}
      />

      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <FactSection title={view.recipient.title} facts={view.recipient.facts} />
        <FactSection title={view.lot.title} facts={view.lot.facts} />
        <QrFigure src={qr} alt={view.qrAlt} caption={view.scan} />
      </Box>
      {view.amountInWords && <AmountInWords words={view.amountInWords} />}
      {view.noTax && <NoTaxLine text={view.noTax} />}

      {signedIn && (
        <Box data-testid="bill-staff" sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider', fontSize: 13 }}>
          <Typography variant="body2">
            {bill.createdByName
              ? t('billView.generatedBy', {
                  name: bill.createdByName,
                  id: bill.createdByUserId ?? '—',
                  date: kolkataDateTime(bill.generatedOn, lang),
                })
              : t('billView.createdByNone')}
          </Typography>
          {bill.updatedOn && (
            <Typography variant="body2">
              {t('billView.updatedBy', { name: bill.updatedByName || '—', date: kolkataDateTime(bill.updatedOn, lang) })}
            </Typography>
          )}
        </Box>
      )}
    </PrintSheet>
  );
}
