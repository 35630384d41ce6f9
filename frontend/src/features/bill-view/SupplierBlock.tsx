import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InvoiceResponse } from '@shared/schemas/sales';

/** The head of a bill of supply: its title, then the supplier's name, address and GSTIN as copied at sale time. */
export function SupplierBlock({ supplier }: { supplier: NonNullable<InvoiceResponse['supplier']> }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="bill-supplier">
      <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2, fontWeight: 700 }} data-testid="bill-supply-title">
        {t('billSupply.title')}
      </Typography>
      <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{supplier.name}</Typography>
      {supplier.address && <Typography variant="body2">{supplier.address}</Typography>}
      <Typography variant="body2">
        {t('billSupply.gstin')}: <span data-testid="bill-gstin">{supplier.gstin || '—'}</span>
      </Typography>
    </Box>
  );
}
