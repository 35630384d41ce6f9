import Box from '@mui/material/Box';
import type { BillCopyView } from '@shared/public-pages/bill-copy';

/** The total in words, in English and in Hindi (written by the server), and the line that no tax is charged. */
export function AmountInWords({
  words,
  compact = false,
}: {
  words: NonNullable<BillCopyView['amountInWords']>;
  compact?: boolean;
}) {
  return (
    <Box data-testid="bill-amount-words" sx={{ fontSize: compact ? 'inherit' : 14, mt: compact ? 0.5 : 1.5 }}>
      <Box sx={{ fontWeight: 600 }}>{words.label}:</Box>
      <Box lang="en">{words.en}</Box>
      <Box lang="hi">{words.hi}</Box>
    </Box>
  );
}

export function NoTaxLine({ text, compact = false }: { text: string; compact?: boolean }) {
  return (
    <Box
      data-testid="bill-no-tax"
      sx={{
        fontSize: compact ? 'inherit' : 13,
        fontWeight: 600,
        mt: compact ? 0.5 : 1,
        pt: compact ? 0.5 : 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {text}
    </Box>
  );
}
