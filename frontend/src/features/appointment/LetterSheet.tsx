import type { ReactNode } from 'react';
import { routeUrl } from '@web/lib/api';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel } from '@shared/crop-rules';
import { districtHindi } from '@shared/districts';
import { letterStatusView } from '@shared/allocation-status';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { indiaDay } from '@shared/india-day';
import { CollectBy, LetterStatus } from '@web/components/LetterStatus';

/** Stored values (docs/product-rules.md#appointment-letter) to message keys; kept here so the letter does not load the form's schemas. */
const CATEGORY_KEYS = new Set(['GEN', 'OBC', 'SC', 'ST'] as const);
const isCategory = (v: string): v is 'GEN' | 'OBC' | 'SC' | 'ST' => (CATEGORY_KEYS as Set<string>).has(v);
const GENDER_KEYS: Record<string, 'male' | 'female'> = { पुरुष: 'male', महिला: 'female' };

/** A plain style object: the `sx` forms that are neither a theme callback nor an array, so they can be merged. */
type StyleObject = Exclude<SxProps<Theme>, ReadonlyArray<unknown> | ((theme: Theme) => unknown)>;

/**
 * The paper look: the letter as printed on A4 (print CSS) and as drawn for the PDF. On screen the same
 * parts take the phone's width; `paper` gives the paper look whatever the screen.
 */
function looks(paper: boolean, screen: StyleObject, onPaper: object): SxProps<Theme> {
  return paper ? { ...screen, ...onPaper } : { ...screen, '@media print': onPaper };
}

/**
 * The appointment letter itself: where the registration stands (LetterStatus), the number, day and shift in
 * large type, then where to come and what to bring, then the registration's details
 * (docs/product-rules.md#appointment-letter). Day, shift, place and what to bring only while confirmed.
 */
export function LetterSheet({ letter, paper = false }: { letter: AppointmentRecord; paper?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const { weekday, date } = indiaDay(letter.appointmentDate || letter.appointmentDateTime?.slice(0, 10), lang);
  /** The day, the shift, where to come and what to bring: only while the registration is confirmed. */
  const { showsAppointment } = letterStatusView(letter);
  /** Test ids only on the letter people see, not on the copy drawn for the PDF. */
  const testId = (id: string) => (paper ? undefined : id);
  const district = lang === 'en' ? letter.district : (districtHindi(letter.district) ?? letter.district);
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
  ];
  // A dash for a crop the form offered no quantity for (docs/product-rules.md#quantities-per-crop).
  rows.push([
    letter.unit === 'bag' ? t('appointment.quantityBags') : t('appointment.quantityKg'),
    letter.quantityOffered === false ? '' : quantityLabel(letter.bagsRequested, letter.unit, lang),
  ]);

  return (
    <Box
      sx={looks(
        paper,
        {
          bgcolor: 'background.paper',
          color: 'text.primary',
          p: { xs: 2, sm: 4 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        },
        { border: 'none', borderRadius: 0, p: 0, fontSize: '11pt' },
      )}
      data-testid={testId('appointment-letter')}
    >
      <Box
        component="header"
        sx={looks(
          paper,
          { mb: 1 },
          { textAlign: 'center', borderBottom: '2px solid #000', pb: '6px', mb: '12px', color: '#000' },
        )}
      >
        <Typography
          component="p"
          sx={looks(
            paper,
            { typography: 'overline', lineHeight: 1.4 },
            { fontSize: '15pt', fontWeight: 700, letterSpacing: 0, textTransform: 'none' },
          )}
        >
          {t('home.instituteTitle')}
        </Typography>
        {letter.counterAddress && (
          <Typography
            component="p"
            data-testid={testId('letter-head-address')}
            sx={looks(paper, { display: 'none' }, { display: 'block', fontSize: '10pt' })}
          >
            {letter.counterAddress}
          </Typography>
        )}
      </Box>
      <Typography
        variant="h6"
        component="h1"
        sx={looks(paper, { mb: 1.5, lineHeight: 1.3 }, { fontSize: '13pt', textAlign: 'center' })}
      >
        {t(showsAppointment ? 'appointment.heading' : 'appointment.headingRegistration')}
      </Typography>

      <LetterStatus letter={letter} testIds={!paper} />

      <Box
        data-testid={testId('appointment-when')}
        sx={looks(
          paper,
          { border: 2, borderColor: 'primary.main', borderRadius: 1, p: { xs: 1.5, sm: 2 }, mb: 2, display: 'grid', gap: 1 },
          { border: '2px solid #000', p: '10px' },
        )}
      >
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Fact label={t('appointment.regNo')}>
            <Typography
              component="p"
              sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.1 }}
              data-testid={testId('appointment-id')}
            >
              {letter.id}
            </Typography>
          </Fact>
          <Fact label={t('appointment.year')}>
            <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2 }}>
              {letter.year}
            </Typography>
          </Fact>
        </Box>
        {showsAppointment && (
          <>
            <Fact label={t('appointment.date')}>
              <Typography
                component="p"
                sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.2 }}
                data-testid={testId('appointment-weekday')}
              >
                {weekday}
              </Typography>
              <Typography
                component="p"
                sx={{ fontSize: '1.35rem', fontWeight: 600, lineHeight: 1.25 }}
                data-testid={testId('appointment-date')}
              >
                {date}
              </Typography>
            </Fact>
            <Fact label={t('appointment.shift')}>
              <Typography
                component="p"
                sx={{ fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.3 }}
                data-testid={testId('appointment-shift')}
              >
                {letter.appointmentShift}
              </Typography>
            </Fact>
            <CollectBy letter={letter} testIds={!paper} />
          </>
        )}
      </Box>

      {!paper && (
        // The letter's own link, for the counter to scan (on screen and in print), under the facts of the visit.
        <Box component="figure" sx={{ m: 0, mb: 2, textAlign: 'center', '@media print': { float: 'right', mb: 0, ml: 2 } }}>
          <Box
            component="img"
            data-testid="letter-qr"
            src={routeUrl('GET /svsregistration/AppointmentList/{code}/qrcode.png', {
              params: { code: letter.uniqueCode },
            })}
            alt={t('appointment.qrAlt')}
            width={140}
            height={140}
            sx={{ display: 'block', mx: 'auto', '@media print': { width: 96, height: 96 } }}
          />
          <Typography component="figcaption" variant="caption" sx={{ '@media print': { display: 'none' } }}>
            {t('appointment.qrAlt')}
          </Typography>
        </Box>
      )}

      {letter.isBilled && (
        <Box
          role="status"
          data-testid={testId('appointment-billed')}
          sx={looks(
            paper,
            { bgcolor: 'success.main', color: 'success.contrastText', borderRadius: 1, px: 2, py: 1, mb: 2, fontWeight: 600 },
            { bgcolor: 'transparent', color: '#000', border: '1px solid #000' },
          )}
        >
          {t('appointment.billed', { number: letter.invoiceNumber ?? '—' })}
        </Box>
      )}

      {showsAppointment && (
        <>
          <Section title={t('appointment.whereTitle')}>
            {letter.counterAddress && (
              <Typography data-testid={testId('appointment-counter-address')}>{letter.counterAddress}</Typography>
            )}
            {letter.counterHours && (
              <Typography data-testid={testId('appointment-counter-hours')}>{letter.counterHours}</Typography>
            )}
          </Section>

          <Section title={t('appointment.bringTitle')}>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              <li>{t('appointment.bringAadhaar')}</li>
              <li>{t('appointment.bringLetter')}</li>
            </Box>
          </Section>
        </>
      )}

      <Section title={t('appointment.detailsTitle')}>
        <Box
          component="dl"
          sx={looks(
            paper,
            {
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, auto) 1fr' },
              columnGap: 2,
              rowGap: { xs: 0.25, sm: 1 },
              m: 0,
              '& dt': { fontWeight: 600, color: 'text.secondary' },
              '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
            },
            { gridTemplateColumns: '12rem 1fr', rowGap: '6px', '& dd': { m: 0, mb: 0 } },
          )}
        >
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v || '—'}</dd>
            </Box>
          ))}
        </Box>
      </Section>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2, breakInside: 'avoid' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
