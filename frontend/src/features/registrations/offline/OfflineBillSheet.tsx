import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { amountInWords } from '@shared/amount-in-words';
import { billPath } from '@shared/public-pages/paths';
import { kolkataDateTime } from '@shared/kolkata-date-time';
import type { PreparedReply } from '@shared/schemas/offline-counter';
import { AmountInWords, NoTaxLine } from '@web/components/AmountInWords';
import type { OfflineBill } from './counter-state';

export type SheetLayout = 'a4' | 'thermal';

/**
 * A bill made offline, printable without a network: the bill of supply's facts (Rule 49: the supplier, number, date,
 * recipient, HSN code, value, the amount in words and the line that no tax is charged) and its QR code, drawn here from
 * what the counter holds (the QR opens the bill page with the printed token; until the bill reaches the server that
 * page says it is being recorded). Only this sheet prints while it is shown (`body.print-offline-bill`).
 */
export function OfflineBillSheet({
  bill,
  supplier,
  sellerName,
  layout,
}: {
  bill: OfflineBill;
  supplier: PreparedReply['supplier'];
  sellerName: string;
  layout: SheetLayout;
}) {
  const { t, i18n } = useTranslation();
  const [qr, setQr] = useState('');
  const a = bill.action;
  useEffect(() => {
    const url = `${window.location.origin}${billPath(a.invoiceNumber, a.verifyToken)}`;
    void QRCode.toDataURL(url, { margin: 1, width: 220 }).then(setQr);
  }, [a.invoiceNumber, a.verifyToken]);
  const thermal = layout === 'thermal';
  const crop = i18n.language === 'hi' && bill.cropNameHi ? bill.cropNameHi : bill.cropName;
  const rows: [string, string][] = [
    [t('offline.billNumber'), a.invoiceNumber],
    [t('offline.billDate'), kolkataDateTime(a.printedAt, i18n.language)],
    [t('offline.farmer'), `${bill.farmerName}${bill.village ? `, ${bill.village}` : ''}`],
    [t('offline.lot'), `${bill.lotCode} · ${crop}`],
    [t('billSupply.hsnCode'), bill.hsnCode || '—'],
    [t('offline.quantity'), `${bill.kg} kg × ₹${bill.price}`],
    [t('offline.amountLabel'), `₹${bill.amount}`],
  ];
  return (
    <Box
      className="offline-bill-sheet"
      data-testid="offline-bill"
      data-layout={layout}
      sx={{
        border: 1,
        borderColor: 'divider',
        p: thermal ? 1 : 3,
        width: thermal ? '72mm' : '100%',
        maxWidth: thermal ? '72mm' : '180mm',
        fontSize: thermal ? 12 : 14,
        bgcolor: 'background.paper',
      }}
    >
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: thermal ? 14 : 18 }}>
        {t('offline.billTitle')}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{supplier.name}</Typography>
      {supplier.address && <Typography sx={{ fontSize: 'inherit' }}>{supplier.address}</Typography>}
      {supplier.gstin && <Typography sx={{ fontSize: 'inherit' }}>GSTIN {supplier.gstin}</Typography>}
      <Box component="table" sx={{ mt: 1, borderCollapse: 'collapse', fontSize: 'inherit', width: '100%' }}>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <Box component="th" sx={{ textAlign: 'left', pr: 1, fontWeight: 600, verticalAlign: 'top' }}>
                {k}
              </Box>
              <td data-testid={k === t('offline.amountLabel') ? 'offline-bill-amount' : undefined}>{v}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <AmountInWords
        words={{ label: t('billSupply.amountInWords'), ...amountInWords(Math.round(bill.amount * 100)) }}
        compact={thermal}
      />
      <NoTaxLine text={t('billSupply.noTax')} compact={thermal} />
      {a.token && <Typography sx={{ fontSize: 'inherit', mt: 1 }}>{t('offline.token', { token: a.token })}</Typography>}
      {qr && (
        <Box
          component="img"
          src={qr}
          alt={a.invoiceNumber}
          data-testid="offline-bill-qr"
          sx={{ width: thermal ? 120 : 160, mt: 1 }}
        />
      )}
      <Typography sx={{ fontSize: thermal ? 10 : 12, mt: 1 }}>{t('offline.recording')}</Typography>
      <Typography sx={{ fontSize: thermal ? 10 : 12 }}>{sellerName}</Typography>
    </Box>
  );
}
