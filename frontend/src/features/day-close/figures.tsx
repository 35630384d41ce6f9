import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { formatRupees } from '@shared/format';
import type { DayCloseView } from '@shared/schemas/day-close';

export const kgText = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);
export const rupees = (n: number) => `${n < 0 ? '−' : ''}₹${formatRupees(Math.abs(n))}`;
/** A difference with its sign: −₹2.00, +₹5.00, ₹0.00. */
export const signedRupees = (n: number) => `${n > 0 ? '+' : ''}${rupees(n)}`;

/** The difference in words and colour: short (red), over or exact (green). */
export function DifferenceText({ value, testId }: { value: number; testId?: string }) {
  const { t } = useTranslation();
  const word = value < 0 ? t('dayClose.short') : value > 0 ? t('dayClose.over') : t('dayClose.exact');
  return (
    <Box
      component="span"
      data-testid={testId}
      data-sign={value < 0 ? 'short' : value > 0 ? 'over' : 'exact'}
      sx={{ color: value < 0 ? 'error.main' : 'success.dark', fontWeight: 700 }}
    >
      {signedRupees(value)} ({word})
    </Box>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The system's figures of a seller's day: bills, kg (by crop), cash and online. */
export function DayFigures({ day }: { day: DayCloseView }) {
  const { t, i18n } = useTranslation();
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 1.5 }}>
        <Figure label={t('dayClose.bills')} value={String(day.bills)} testId="day-bills" />
        <Figure label={t('dayClose.kg')} value={kgText(day.kg)} testId="day-kg" />
        <Figure label={t('dayClose.cash')} value={rupees(day.cashAmount)} testId="day-cash" />
        <Figure label={t('dayClose.online')} value={rupees(day.onlineAmount)} testId="day-online" />
      </Box>
      {day.crops.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('dayClose.byCrop')} data-testid="day-crops">
          {day.crops.map((c) => (
            <li key={c.cropID}>
              {cropLabel({ cropName: c.cropName, cropNameHi: c.cropNameHi }, i18n.language)}: {kgText(c.kg)}{' '}
              {t('dayClose.kgUnit')}
            </li>
          ))}
        </Box>
      )}
      <OnlineBills day={day} />
    </Box>
  );
}

/**
 * The day's online bills with their UPI references (docs/product-rules.md#an-online-payment-carries-its-upi-reference),
 * to check against the UPI statement; those without one are counted above the list.
 */
function OnlineBills({ day }: { day: DayCloseView }) {
  const { t } = useTranslation();
  if (!day.onlinePayments.length) return null;
  const missing = day.onlinePayments.filter((o) => !o.upiRef).length;
  return (
    <Box sx={{ mt: 1.5 }} data-testid="day-online-bills">
      <Typography variant="subtitle2" component="h3">
        {t('counterDesk.onlineBills')}
      </Typography>
      {missing > 0 && (
        <Typography variant="body2" color="warning.dark">
          {t('counterDesk.withoutRef', { count: missing })}
        </Typography>
      )}
      <Box component="table" sx={{ borderCollapse: 'collapse', '& th, & td': { pr: 2, py: 0.25, textAlign: 'left' } }}>
        <thead>
          <tr>
            <th>{t('counterDesk.bill')}</th>
            <th>{t('counterDesk.amount')}</th>
            <th>{t('counterDesk.upiRef')}</th>
          </tr>
        </thead>
        <tbody>
          {day.onlinePayments.map((o) => (
            <tr key={o.invoiceNumber}>
              <td>{o.invoiceNumber}</td>
              <td>{rupees(o.amount)}</td>
              <Box component="td" sx={o.upiRef ? { fontVariantNumeric: 'tabular-nums' } : { color: 'warning.dark' }}>
                {o.upiRef || t('counterDesk.noRef')}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
