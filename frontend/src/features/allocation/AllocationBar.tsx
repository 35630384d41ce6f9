import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AllocationCropReply } from '@shared/schemas/replies/allocation';
import { kgText } from './api';

/** Each part has a fill of its own (solid, hatched, plain) and a label with its kg: colour is never the only cue. */
const PARTS = [
  { key: 'sold', bg: '#33691e', pattern: 'none', text: '#fff' },
  {
    key: 'promised',
    bg: '#f9a825',
    pattern: 'repeating-linear-gradient(45deg, rgba(0,0,0,.28) 0 2px, transparent 2px 7px)',
    text: '#000',
  },
  { key: 'free', bg: '#e3ecd9', pattern: 'none', text: '#000' },
] as const;

/**
 * A crop's stock as one horizontal bar: sold, promised, free, in that order, each as wide as its share of
 * the stock, with a legend giving each part's kg. The bar is an image with the same facts in its label.
 */
export function AllocationBar({ crop, name }: { crop: AllocationCropReply; name: string }) {
  const { t } = useTranslation();
  const free = Math.max(0, crop.availableKg);
  const values = { sold: crop.soldKg, promised: crop.promisedKg, free };
  const whole = Math.max(crop.stockKg, crop.soldKg + crop.promisedKg + free, 1);
  const label = t('allocation.barLabel', {
    crop: name,
    sold: kgText(crop.soldKg),
    promised: kgText(crop.promisedKg),
    free: kgText(free),
    stock: kgText(crop.stockKg),
  });
  return (
    <Box>
      <Box
        role="img"
        aria-label={label}
        data-testid="allocation-bar"
        sx={{ display: 'flex', height: 20, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'text.secondary' }}
      >
        {crop.stockKg > 0 &&
          PARTS.map((p) =>
            values[p.key] > 0 ? (
              <Box
                key={p.key}
                sx={{ width: `${(values[p.key] / whole) * 100}%`, bgcolor: p.bg, backgroundImage: p.pattern, minWidth: 3 }}
              />
            ) : null,
          )}
      </Box>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.75, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {PARTS.map((p) => (
          <Box component="li" key={p.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              sx={{ width: 14, height: 14, bgcolor: p.bg, backgroundImage: p.pattern, border: 1, borderColor: 'text.secondary' }}
            />
            <Typography variant="body2" component="span">
              {t(`allocation.${p.key}`)}: <strong>{t('allocation.kg', { value: kgText(values[p.key]) })}</strong>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
