import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
  const size = compact ? 'inherit' : 14;
  return (
    <Box data-testid="bill-amount-words" sx={{ fontSize: size, mt: compact ? 0.5 : 1.5 }}>
      <Typography component="div" sx={{ fontSize: size, fontWeight: 600 }}>
        {t('billSupply.amountInWords')}:
      </Typography>
      <Typography component="div" lang="en" sx={{ fontSize: size }}>
        {words.en}
      </Typography>
      <Typography component="div" lang="hi" sx={{ fontSize: size }}>
        {words.hi}
      </Typography>
    </Box>
  );
}

export function NoTaxLine({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
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
    </Typography>
  );
}
