import { useEffect, useState } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel } from '@shared/crop-rules';
import { districtHindi } from '@shared/districts';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { call } from '@web/lib/api';
import { paths } from '@web/paths';

/**
 * The appointment letter at /svs/appointment/{uniqueCode}: everything the farmer brings to the counter,
 * printable on one A4 page (12 mm margins, set in styles/global.css) with the registration id in the
 * document title (the name of the saved PDF).
 */
async function loadLetter(code: string): Promise<AppointmentRecord> {
  const r = await call('GET /svsregistration/AppointmentList/{code}', { params: { code }, skipAuthRedirect: true });
  const first = r?.data?.[0];
  if (!first) throw new Error('empty');
  return first;
}

/** Stored values (docs/product-rules.md#appointment-letter) to message keys; kept here so the letter does not load the form's schemas. */
const CATEGORY_KEYS = new Set(['GEN', 'OBC', 'SC', 'ST'] as const);
const isCategory = (v: string): v is 'GEN' | 'OBC' | 'SC' | 'ST' => (CATEGORY_KEYS as Set<string>).has(v);
const GENDER_KEYS: Record<string, 'male' | 'female'> = { पुरुष: 'male', महिला: 'female' };

/** Long date with the weekday, for the India calendar day of the appointment. */
function longDate(a: AppointmentRecord, lang: string): string {
  const day = a.appointmentDate || a.appointmentDateTime?.slice(0, 10);
  if (!day) return '—';
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : 'hi-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(at);
}

export default function AppointmentLetterPage() {
  const { t, i18n } = useTranslation();
  const { uniqueCode = '' } = useParams();
  const [letter, setLetter] = useState<AppointmentRecord | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadLetter(uniqueCode)
      .then((a) => live && setLetter(a))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uniqueCode]);

  // The document title names the saved PDF: it carries the registration id and year.
  useEffect(() => {
    const before = document.title;
    document.title = letter ? `Appointment-Letter-${letter.year}-${letter.id}` : t('appointment.title');
    return () => {
      document.title = before;
    };
  }, [letter, t]);

  if (failed) {
    return (
      <Box component="section" sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {t('appointment.retry')}
            </Button>
          }
        >
          {t('appointment.loadError')}
        </Alert>
        <Typography variant="body2" sx={{ mt: 2 }}>
          <RouterLink to={`${paths.registration}#find`}>{t('appointment.findLink')}</RouterLink>
        </Typography>
      </Box>
    );
  }
  if (!letter) return <LinearProgress aria-label={t('app.loading')} />;

  const lang = i18n.language;
  const district = lang === 'en' ? letter.district : `${districtHindi(letter.district) ?? letter.district}`;
  const rows: [string, string][] = [
    [t('appointment.name'), letter.name],
    [t('appointment.fatherName'), letter.fatherName],
    [t('appointment.aadhaar'), letter.adharNumber],
    [t('appointment.mobile'), letter.mobileNumber],
    [t('appointment.category'), isCategory(letter.category) ? t(`appointment.categories.${letter.category}`) : letter.category],
    [
      t('appointment.gender'),
      letter.gender in GENDER_KEYS ? t(`appointment.genders.${GENDER_KEYS[letter.gender]}`) : letter.gender,
    ],
    [
      t('appointment.address'),
      `${t('appointment.village')} ${letter.village}, ${t('appointment.block')} ${letter.block}, ${t('appointment.subDistrict')} ${letter.subDistrict}, ${t('appointment.district')} ${district}`,
    ],
    [t('appointment.crop'), cropLabel(letter, lang)],
    // A dash for a crop the form offered no quantity for (dd shows '—' for an empty value).
    [
      t('appointment.quantity'),
      letter.quantityOffered === false ? '' : quantityLabel(letter.bagsRequested, letter.unit, lang === 'en' ? 'en' : 'hi'),
    ],
    [t('appointment.shift'), letter.appointmentShift],
    [t('appointment.date'), longDate(letter, lang)],
  ];

  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" onClick={() => window.print()}>
          {t('appointment.print')}
        </Button>
      </Box>
      <Paper
        variant="outlined"
        className="print-avoid-break"
        sx={{ p: { xs: 2, sm: 4 }, '@media print': { border: 'none', p: 0, fontSize: '11pt' } }}
        data-testid="appointment-letter"
      >
        <Typography variant="overline" component="p" sx={{ lineHeight: 1.4 }}>
          {t('home.instituteTitle')}
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('appointment.heading')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 2 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('appointment.regNo')}
            </Typography>
            <Typography variant="h4" component="p" data-testid="appointment-id">
              {letter.id}
            </Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('appointment.year')}
            </Typography>
            <Typography variant="h4" component="p">
              {letter.year}
            </Typography>
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, auto) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
            '& dt': { fontWeight: 600, color: 'text.secondary' },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
            '@media print': { gridTemplateColumns: '12rem 1fr', rowGap: '6px' },
          }}
        >
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v || '—'}</dd>
            </Box>
          ))}
        </Box>
        <Alert severity="info" sx={{ mt: 3, '@media print': { border: '1px solid #999' } }}>
          {t('appointment.reminder')}
        </Alert>
      </Paper>
    </Box>
  );
}
