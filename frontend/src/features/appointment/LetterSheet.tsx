import type { ReactNode } from 'react';
import { routeUrl } from '@web/lib/api';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { letterSheetView } from '@shared/public-pages/letter';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { LetterStatus } from '@web/components/LetterStatus';
import { usePageWords } from '@web/lib/page-words';

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
  const { t, lang } = usePageWords();
  const view = letterSheetView(letter, t, lang);
  /** Test ids only on the letter people see, not on the copy drawn for the PDF. */
  const testId = (id: string | undefined) => (paper ? undefined : id);

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
          {view.institute}
        </Typography>
        {view.headAddress && (
          <Typography
            component="p"
            data-testid={testId('letter-head-address')}
            sx={looks(paper, { display: 'none' }, { display: 'block', fontSize: '10pt' })}
          >
            {view.headAddress}
          </Typography>
        )}
      </Box>
      <Typography
        variant="h6"
        component="h1"
        sx={looks(paper, { mb: 1.5, lineHeight: 1.3 }, { fontSize: '13pt', textAlign: 'center' })}
      >
        {view.heading}
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
          <Fact label={view.regNo.label}>
            <Typography
              component="p"
              sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.1 }}
              data-testid={testId(view.regNo.testId)}
            >
              {view.regNo.value}
            </Typography>
          </Fact>
          <Fact label={view.year.label}>
            <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2 }}>
              {view.year.value}
            </Typography>
          </Fact>
        </Box>
        {view.appointment && (
          <>
            <Fact label={view.appointment.date.label}>
              <Typography
                component="p"
                sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.2 }}
                data-testid={testId('appointment-weekday')}
              >
                {view.appointment.date.weekday}
              </Typography>
              <Typography
                component="p"
                sx={{ fontSize: '1.35rem', fontWeight: 600, lineHeight: 1.25 }}
                data-testid={testId(view.appointment.date.testId)}
              >
                {view.appointment.date.value}
              </Typography>
            </Fact>
            <Fact label={view.appointment.shift.label}>
              <Typography
                component="p"
                sx={{ fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.3 }}
                data-testid={testId(view.appointment.shift.testId)}
              >
                {view.appointment.shift.value}
              </Typography>
            </Fact>
            {view.appointment.collectBy && (
              <Typography component="p" sx={{ fontWeight: 600 }} data-testid={testId('letter-collect-by')}>
                {view.appointment.collectBy}
              </Typography>
            )}
          </>
        )}
      </Box>

      {view.qr && (
        // The letter's own link, for the counter to scan (on screen, in print and in the PDF), under the facts of the visit.
        <Box
          component="figure"
          sx={looks(
            paper,
            { m: 0, mb: 2, textAlign: 'center' },
            { float: 'right', mb: 0, ml: 2, '& img': { width: 96, height: 96 }, '& figcaption': { display: 'none' } },
          )}
        >
          <Box
            component="img"
            data-testid={testId('letter-qr')}
            src={routeUrl('GET /svsregistration/AppointmentList/{code}/qrcode.png', {
              params: { code: letter.uniqueCode },
            })}
            alt={view.qr.alt}
            width={140}
            height={140}
            sx={{ display: 'block', mx: 'auto' }}
          />
          <Typography component="figcaption" variant="caption" data-testid={testId('letter-qr-caption')}>
            {view.qr.alt}
          </Typography>
        </Box>
      )}

      {view.billed && (
        <Box
          role="status"
          data-testid={testId('appointment-billed')}
          sx={looks(
            paper,
            { bgcolor: 'success.main', color: 'success.contrastText', borderRadius: 1, px: 2, py: 1, mb: 2, fontWeight: 600 },
            { bgcolor: 'transparent', color: '#000', border: '1px solid #000' },
          )}
        >
          {view.billed}
        </Box>
      )}

      {view.where && (
        <Section title={view.where.title}>
          {view.where.lines.map((line) => (
            <Typography key={line.testId} data-testid={testId(line.testId)}>
              {line.value}
            </Typography>
          ))}
        </Section>
      )}
      {view.bring && (
        <Section title={view.bring.title}>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {view.bring.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </Box>
        </Section>
      )}

      <Section title={view.details.title}>
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
          {view.details.facts.map((fact) => (
            <Box key={fact.label} sx={{ display: 'contents' }}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
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
