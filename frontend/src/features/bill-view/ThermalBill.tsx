import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { cropLabel } from '@shared/crop-names';
import { formatRupees, maskAadhaar } from '@shared/format';
import { billCopyView, paymentText } from '@shared/public-pages/bill-copy';
import { kg } from '@shared/public-pages/words';
import type { InvoiceResponse } from '@shared/schemas/sales';
import type { BillLayout } from '@web/lib/bill-layout';
import { usePageWords } from '@web/lib/page-words';
import { AmountInWords, NoTaxLine } from '@web/components/AmountInWords';

const PX_PER_MM = 96 / 25.4;

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Box component="span" sx={{ color: 'text.secondary', flex: '0 0 auto' }}>
        {label}:
      </Box>
      <Box component="span" data-testid={testId} sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The bill on a thermal strip of 80 or 58 mm (docs/product-rules.md#bill-of-supply): every line Rule 49 asks of
 * a bill of supply and the QR code, printed as one strip. The page's size is set to the strip's measured height.
 */
export function ThermalBill({
  bill,
  label,
  date,
  qr,
  layout,
}: {
  bill: InvoiceResponse;
  label: string;
  date: string;
  qr: string;
  layout: Exclude<BillLayout, 'a4'>;
}) {
  const { t, lang } = usePageWords();
  const view = billCopyView(bill, t, lang);
  const widthMm = layout === '58mm' ? 58 : 80;
  const ref = useRef<HTMLElement>(null);
  const [heightMm, setHeightMm] = useState(297);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeightMm(Math.ceil(el.getBoundingClientRect().height / PX_PER_MM) + 2);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [layout]);

  const supplier = bill.supplier;
  const crop = cropLabel(bill, lang);
  return (
    <>
      <style>{`@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }
@media print { html, body { margin: 0 !important; padding: 0 !important; } }`}</style>
      <Box
        ref={ref}
        component="article"
        data-testid="bill-thermal"
        data-layout={layout}
        sx={{
          width: `${widthMm}mm`,
          boxSizing: 'border-box',
          mx: 'auto',
          px: '3mm',
          py: '2mm',
          bgcolor: '#fff',
          color: '#000',
          fontSize: layout === '58mm' ? 10 : 11.5,
          lineHeight: 1.35,
          border: 1,
          borderColor: 'grey.400',
          breakInside: 'avoid',
          '@media print': { border: 0, mx: 0 },
        }}
      >
        <Box sx={{ textAlign: 'center', borderBottom: '1px dashed', pb: 0.5, mb: 0.5 }}>
          <Box sx={{ fontWeight: 700, fontSize: '1.1em' }} data-testid="bill-supply-title">
            {supplier ? t('billSupply.title') : t('billView.heading')}
          </Box>
          <Box sx={{ fontWeight: 600 }}>{supplier ? supplier.name : t('home.instituteTitle')}</Box>
          {supplier?.address && <Box>{supplier.address}</Box>}
          {supplier && (
            <Box>
              {t('billSupply.gstin')}: <span data-testid="bill-gstin">{supplier.gstin || '—'}</span>
            </Box>
          )}
          <Box sx={{ fontWeight: 700, mt: 0.25 }} data-testid="copy-label">
            {label}
          </Box>
        </Box>
        <Line label={t('billSupply.serialNo')} testId="bill-number">
          {bill.invoiceNumber}
        </Line>
        <Line label={t('billSupply.date')}>{date}</Line>
        <Box sx={{ borderTop: '1px dashed', mt: 0.5, pt: 0.5 }}>
          <Line label={t('billSupply.recipient')}>{bill.farmerName}</Line>
          <Line label={t('billView.aadhaar')}>{bill.farmerAadhaarLast4 ? maskAadhaar(bill.farmerAadhaarLast4) : '—'}</Line>
          {bill.farmerContact && <Line label={t('billView.contact')}>{bill.farmerContact}</Line>}
          {bill.farmerAddress && <Line label={t('billView.address')}>{bill.farmerAddress}</Line>}
        </Box>
        <Box sx={{ borderTop: '1px dashed', mt: 0.5, pt: 0.5 }}>
          {supplier && (
            <Line label={t('billSupply.hsnCode')} testId="bill-hsn">
              {bill.hsnCode || '—'}
            </Line>
          )}
          <Line label={t('billSupply.description')}>
            {t('billSupply.descriptionText', { crop, lot: bill.lotCode, kg: kg(bill.quantityKg) })}
          </Line>
          <Line label={t('billView.rate')}>₹{formatRupees(bill.pricePerUnit)}</Line>
          <Line label={t('billView.paymentMode')} testId="bill-payment">
            {paymentText(bill)}
          </Line>
          <Box sx={{ fontWeight: 700, fontSize: '1.15em' }}>
            <Line label={t('billSupply.value')} testId="bill-total">
              ₹{formatRupees(bill.totalAmount)}
            </Line>
          </Box>
        </Box>
        {view.amountInWords && <AmountInWords words={view.amountInWords} compact />}
        {view.noTax && <NoTaxLine text={view.noTax} compact />}
        <Box sx={{ textAlign: 'center', mt: 0.5 }}>
          <Box
            component="img"
            src={qr}
            alt={view.qrAlt}
            sx={{
              width: layout === '58mm' ? '30mm' : '36mm',
              height: layout === '58mm' ? '30mm' : '36mm',
              display: 'block',
              mx: 'auto',
            }}
          />
          <Box>{view.scan}</Box>
        </Box>
      </Box>
    </>
  );
}
