import { LazyAlert as Alert } from '@web/components/LazyAlert';
import { billCheckView } from '@shared/public-pages/bill';
import type { BillReply } from '@shared/schemas/sales';
import { usePageWords } from '@web/lib/page-words';

/** Whether the code the reader came with is the bill's ('verified'), another ('does not match') or none. */
export function BillCheckNotice({ bill, code }: { bill: BillReply; code: string | undefined }) {
  const { t } = usePageWords();
  const check = billCheckView(bill, code, t);
  if (!check) return null;
  const ok = check.kind === 'verified';
  return (
    <Alert
      severity={ok ? 'success' : 'warning'}
      variant={ok ? 'standard' : 'outlined'}
      role={ok ? 'status' : 'alert'}
      sx={{ mb: 2 }}
      // Says what the screen found; a printout of it proves nothing.
      className="no-print"
      data-testid="bill-check"
    >
      <strong>{check.title}</strong>
      <br />
      {check.body}
    </Alert>
  );
}
