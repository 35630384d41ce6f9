import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { BILL_LAYOUTS, storeBillLayout, type BillLayout } from '@web/lib/bill-layout';

const LABEL_KEYS = { a4: 'billSupply.layoutA4', '80mm': 'billSupply.layout80', '58mm': 'billSupply.layout58' } as const;

/** Staff choose how the bill prints: A4 or a thermal strip; the choice is kept in this browser. */
export function BillLayoutToggle({ value, onChange }: { value: BillLayout; onChange: (layout: BillLayout) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography id="bill-layout-label" variant="body2">
        {t('billSupply.layout')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        aria-labelledby="bill-layout-label"
        onChange={(_, next: BillLayout | null) => {
          if (!next) return;
          storeBillLayout(next);
          onChange(next);
        }}
      >
        {BILL_LAYOUTS.map((layout) => (
          <ToggleButton
            key={layout}
            value={layout}
            // The default grey of unselected buttons is just below 4.5:1 on the page's background.
            sx={{ px: 1.5, py: 0.25, color: 'text.primary', '&.Mui-selected': { color: 'text.primary', fontWeight: 700 } }}
          >
            {t(LABEL_KEYS[layout])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
