import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel } from '@shared/crop-rules';
import { formatDay } from '@shared/format';
import type { RegistrationRow } from '@shared/schemas/registration';

function Detail({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {value === undefined || value === null || value === '' ? '—' : value}
      </Typography>
    </Box>
  );
}

/** The farmer and the registration, as Issue Seeds shows them above the sale. */
export function RegistrationSummary({ row }: { row: RegistrationRow }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const address = [row.village, row.block, row.subDistrict, row.district].filter(Boolean).join(', ');
  const appointmentDay = row.appointmentDate || row.appointmentDateTime;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('issueSeeds.farmer')}
        </Typography>
        <Detail label={t('issueSeeds.name')} value={row.name} />
        <Detail label={t('issueSeeds.father')} value={row.fatherName} />
        <Detail label={t('issueSeeds.aadhaar')} value={row.adharNumber} />
        <Detail label={t('issueSeeds.mobile')} value={row.mobileNumber} />
        <Detail label={t('issueSeeds.address')} value={address} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('issueSeeds.registration')}
        </Typography>
        <Detail label="ID" value={`${row.id} / ${row.year}`} />
        <Detail label={t('issueSeeds.crop')} value={cropLabel(row, lang)} />
        <Detail
          label={t('issueSeeds.requested')}
          value={quantityLabel(row.bagsRequested, row.unit, lang === 'hi' ? 'hi' : 'en')}
        />
        <Detail
          label={t('issueSeeds.appointment')}
          value={[appointmentDay ? formatDay(appointmentDay, lang) : '', row.appointmentShift].filter(Boolean).join(' · ')}
        />
      </Paper>
    </>
  );
}
