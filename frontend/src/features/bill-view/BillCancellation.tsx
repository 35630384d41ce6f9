import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { hasAnyRole } from '@shared/roles';
import type { BillReply } from '@shared/schemas/sales';
import { useSession } from '@web/lib/session';
import CancelledMark from './CancelledMark';

/** Staff cancel (or ask to) from the Bills screen, which opens its dialog for this bill. */
const cancelInBillsPath = (n: string) => `/admin/invoices?number=${encodeURIComponent(n)}&cancel=1`;

/**
 * The bill page's cancellation part (docs/decisions/0023-records.md, section 1): the CANCELLED mark of a
 * cancelled bill, or, on a bill that stands, Cancel (admins) or Ask to cancel (sellers).
 */
export default function BillCancellation({ bill }: { bill: BillReply }) {
  const { t } = useTranslation();
  const roles = useSession()?.user.roles ?? [];
  if (bill.status === 'cancelled') return <CancelledMark bill={bill} />;
  if (!hasAnyRole(roles, ['admin', 'seller'])) return null;
  return (
    <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Button variant="outlined" color="error" href={cancelInBillsPath(bill.invoiceNumber)} data-testid="bill-cancel">
        {t(hasAnyRole(roles, ['admin']) ? 'creditNote.cancelBill' : 'creditNote.requestCancel')}
      </Button>
    </Box>
  );
}
