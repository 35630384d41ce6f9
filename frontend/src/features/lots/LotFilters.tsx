import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import type { CropDropdownItem } from '@shared/schemas/crops';
import type { ProducerResponse } from '@shared/schemas/producers';

export interface LotFilter {
  producerId: string;
  cropId: string;
  year: string;
}

interface LotFiltersProps {
  filter: LotFilter;
  setFilter: (update: (f: LotFilter) => LotFilter) => void;
  producers: ProducerResponse[];
  crops: CropDropdownItem[];
  years: number[];
  onRefresh: () => void;
}

/** Above the lots table: producer, crop and year (each 'All' or one), and Refresh. */
export function LotFilters({ filter, setFilter, producers, crops, years, onRefresh }: LotFiltersProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="form"
      aria-label={t('lots.filters')}
      onSubmit={(e) => e.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}
    >
      <TextField
        select
        label={t('lots.producer')}
        size="small"
        value={filter.producerId}
        onChange={(e) => setFilter((f) => ({ ...f, producerId: e.target.value }))}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('lots.all')}</MenuItem>
        {producers.map((p) => (
          <MenuItem key={p.producerID} value={String(p.producerID)}>
            {p.producerID} · {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('lots.crop')}
        size="small"
        value={filter.cropId}
        onChange={(e) => setFilter((f) => ({ ...f, cropId: e.target.value }))}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{t('lots.all')}</MenuItem>
        {crops.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {cropLabel({ cropName: c.name, cropNameHi: c.nameHi }, i18n.language)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('lots.year')}
        size="small"
        value={filter.year}
        onChange={(e) => setFilter((f) => ({ ...f, year: e.target.value }))}
        sx={{ minWidth: 110 }}
      >
        <MenuItem value="">{t('lots.all')}</MenuItem>
        {years.map((y) => (
          <MenuItem key={y} value={String(y)}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={onRefresh}>
        {t('catalogue.refresh')}
      </Button>
    </Box>
  );
}
