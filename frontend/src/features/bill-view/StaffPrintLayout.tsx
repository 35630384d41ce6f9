import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { InvoiceResponse } from '@shared/schemas/sales';
import { storedBillLayout, type BillLayout } from '@web/lib/bill-layout';
import { BillLayoutToggle } from '@web/components/BillLayoutToggle';
import { ThermalBill } from './ThermalBill';

/**
 * The staff's bill: the layout choice (A4 or a thermal strip, kept per browser) beside Print, then the A4
 * copies (`a4`) or the strip.
 */
export function StaffPrintLayout({
  bill,
  label,
  date,
  qr,
  printLabel,
  a4,
}: {
  bill: InvoiceResponse;
  label: string;
  date: string;
  qr: string;
  printLabel: string;
  a4: ReactNode;
}) {
  const [layout, setLayout] = useState<BillLayout>(storedBillLayout);
  return (
    <>
      <Box
        className="no-print"
        sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}
      >
        <BillLayoutToggle value={layout} onChange={setLayout} />
        <Button variant="outlined" onClick={() => window.print()}>
          {printLabel}
        </Button>
      </Box>
      {layout === 'a4' ? a4 : <ThermalBill bill={bill} label={label} date={date} qr={qr} layout={layout} />}
    </>
  );
}
