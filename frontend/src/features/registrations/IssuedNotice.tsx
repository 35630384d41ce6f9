import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { to } from '@web/paths';

export interface IssuedSale {
  invoiceNumber: string;
  farmer: string;
  registration: string;
}

/**
 * Said on the Registrations page after seed was issued: the bill's number, Print (the bill page, which prints
 * itself) and View, each in a new tab, so the clerk stays at the counter screen.
 */
export function IssuedNotice({ sale, onClose }: { sale: IssuedSale; onClose: () => void }) {
  const { t } = useTranslation();
  const bill = to.bill(sale.invoiceNumber);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [sale]);
  return (
    <Alert
      ref={ref}
      severity="success"
      variant="filled"
      role="status"
      data-testid="issued-notice"
      // Clear of the fixed app bar when scrolled into view.
      sx={{
        mb: 2,
        scrollMarginTop: 80,
        alignItems: 'center',
        // On a phone the buttons go under the message.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 0', sm: '0 1 auto' } },
        '& .MuiAlert-action': { alignItems: 'center', pt: 0, ml: { xs: 4, sm: 'auto' }, flexBasis: { xs: '100%', sm: 'auto' } },
      }}
      action={
        <>
          <Button color="inherit" variant="outlined" size="small" href={`${bill}?print=1`} target="_blank" rel="noopener">
            {t('issueSeeds.print')}
          </Button>
          <Button color="inherit" size="small" href={bill} target="_blank" rel="noopener" sx={{ ml: 1 }}>
            {t('issueSeeds.viewBill')}
          </Button>
          <IconButton color="inherit" size="small" onClick={onClose} aria-label={t('issueSeeds.dismiss')} sx={{ ml: 1 }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {t('issueSeeds.issued', { farmer: sale.farmer, registration: sale.registration })} {t('issueSeeds.billNumber')}{' '}
      <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
        {sale.invoiceNumber}
      </Box>
    </Alert>
  );
}
