import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { billSummaryView } from '@shared/public-pages/bill';
import type { BillSummary as Summary } from '@shared/schemas/sales';
import { FactSection } from '@web/components/PublicPageParts';
import { usePageWords } from '@web/lib/page-words';

/** What anyone gets by the number alone: the bill exists and what it was for, no personal data. */
export function BillSummary({ bill }: { bill: Summary }) {
  const { t, lang } = usePageWords();
  const view = billSummaryView(bill, t, lang);
  return (
    <Box
      component="article"
      data-testid="bill-summary"
      sx={{ border: 1, borderColor: 'grey.400', borderRadius: 1, p: { xs: 1.5, sm: 2.5 }, bgcolor: 'background.paper' }}
    >
      <FactSection title={view.block.title} facts={view.block.facts} />
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {view.note}
      </Typography>
    </Box>
  );
}
