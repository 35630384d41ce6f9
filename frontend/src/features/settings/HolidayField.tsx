import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@shared/format';

/** The season's holidays: a date picker that adds one (kept sorted, once each) and a chip per holiday to remove it. */
export function HolidayField({
  holidays,
  onChange,
  error,
}: {
  holidays: string[];
  onChange: (holidays: string[]) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const [holiday, setHoliday] = useState('');

  const addHoliday = () => {
    if (!holiday) return;
    onChange([...new Set([...holidays, holiday])].sort());
    setHoliday('');
  };

  const showDate = (day: string) => formatDay(day, i18n.language);

  return (
    <Box>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('settings.holidays')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          label={t('settings.holidayDate')}
          type="date"
          size="small"
          value={holiday}
          onChange={(e) => setHoliday(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addHoliday();
            }
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={addHoliday} disabled={!holiday}>
          {t('settings.addHoliday')}
        </Button>
      </Stack>
      {holidays.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('settings.noHolidays')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {holidays.map((d) => (
            <li key={d}>
              <Chip
                label={showDate(d)}
                title={d}
                onDelete={() => onChange(holidays.filter((x) => x !== d))}
                deleteIcon={<CancelIcon titleAccess={t('settings.removeHoliday', { date: d })} />}
              />
            </li>
          ))}
        </Box>
      )}
      {error !== undefined && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
