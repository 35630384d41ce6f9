import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SupplierHead } from '@shared/public-pages/bill-copy';
import { FactValue } from '@web/components/PublicPageParts';

/** The head of a bill of supply: its title, then the supplier's name, address and GSTIN as copied at sale time. */
export function SupplierBlock({ head }: { head: SupplierHead }) {
  return (
    <Box data-testid="bill-supplier">
      <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2, fontWeight: 700 }} data-testid="bill-supply-title">
        {head.title}
      </Typography>
      <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{head.name}</Typography>
      {head.address && <Typography variant="body2">{head.address}</Typography>}
      <Typography variant="body2">
        {head.gstin.label}: <FactValue fact={head.gstin} />
      </Typography>
    </Box>
  );
}
