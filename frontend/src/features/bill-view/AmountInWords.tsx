import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { InvoiceResponse } from '@shared/schemas/sales';

/** The total in words, in English and in Hindi (written by the server), and the line that no tax is charged. */
export function AmountInWords({
  words,
  compact = false,
}: {
  words: NonNullable<InvoiceResponse['amountInWords']>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid="bill-amount-words" sx={{ fontSize: compact ? 'inherit' : 14, mt: compact ? 0.5 : 1.5 }}>
      <Box sx={{ fontWeight: 600 }}>{t('billSupply.amountInWords')}:</Box>
      <Box lang="en">{words.en}</Box>
      <Box lang="hi">{words.hi}</Box>
    </Box>
  );
}

export function NoTaxLine({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
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
      {t('billSupply.noTax')}
    </Box>
  );
}
