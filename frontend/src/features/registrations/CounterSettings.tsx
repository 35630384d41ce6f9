import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BILL_LAYOUTS, storeBillLayout, storedBillLayout, type BillLayout } from '@web/lib/bill-layout';
import { COUNTER_NAME_MAX } from '@shared/schemas/counter';
import { storeCounterName, storedCounterName } from '@web/lib/counter-name';

const LAYOUT_KEYS = { a4: 'today.layoutA4', '80mm': 'today.layout80', '58mm': 'today.layout58' } as const;

/** This browser's counter: its name on the queue display and the layout its bills print in (both kept here). */
export function CounterSettings() {
  const { t } = useTranslation();
  const [name, setName] = useState(storedCounterName);
  const [layout, setLayout] = useState<BillLayout>(storedBillLayout);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('today.counter')}
      </Typography>
      <TextField
        size="small"
        label={t('today.counterName')}
        name="counterName"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => storeCounterName(name)}
        helperText={t('today.counterNameHelp')}
        slotProps={{ htmlInput: { maxLength: COUNTER_NAME_MAX } }}
      />
      <TextField
        select
        size="small"
        label={t('today.billLayout')}
        name="billLayout"
        value={layout}
        onChange={(e) => {
          const next = e.target.value as BillLayout;
          storeBillLayout(next);
          setLayout(next);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: '12rem' }}
      >
        {BILL_LAYOUTS.map((l) => (
          <option key={l} value={l}>
            {t(LAYOUT_KEYS[l])}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
