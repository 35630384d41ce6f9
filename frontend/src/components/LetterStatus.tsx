import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { letterStatusView } from '@shared/allocation-status';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { indiaLongDay } from '@shared/india-day';

/** What the block needs of a letter; the success card gives the registration reply's status the same way. */
export type LetterStanding = Pick<AppointmentRecord, 'status' | 'isBilled' | 'waitlistPosition' | 'placesAhead' | 'drawOn'> &
  Partial<Pick<AppointmentRecord, 'counterAddress'>>;

const TONES = {
  go: { screen: { bgcolor: '#e8f3ea', borderColor: 'success.main' } },
  wait: { screen: { bgcolor: '#fff6e0', borderColor: 'warning.main' } },
  ended: { screen: { bgcolor: '#f1f1f1', borderColor: 'text.secondary' } },
} as const;

/**
 * Where the registration stands in its crop's stock, at the top of the letter: confirmed, waitlisted (the
 * number, how many are ahead, and what happens next), applied (the draw, and its day once announced), expired or cancelled
 * (docs/product-rules.md#the-letter-shows-where-the-registration-stands). A billed letter keeps its bill
 * line instead. Printed as it is shown, in black on white.
 */
export function LetterStatus({ letter, testIds = true }: { letter: LetterStanding; testIds?: boolean }) {
  const { t, i18n } = useTranslation();
  const view = letterStatusView(letter);
  if (view.headline === 'billed') return null;
  const testId = (id: string) => (testIds ? id : undefined);
  const lines: { id: string; text: string }[] = [];
  // A confirmed letter's last day to collect goes with its date and shift (CollectBy, in the sheet's date box).
  if (view.status === 'waitlisted') {
    const position = letter.waitlistPosition ?? '—';
    lines.push(
      {
        id: 'letter-status-line',
        text:
          letter.placesAhead === undefined
            ? t('allocationStatus.positionOnly', { position })
            : letter.placesAhead === 0
              ? t('allocationStatus.positionFirst', { position })
              : t('allocationStatus.position', { position, ahead: letter.placesAhead }),
      },
      { id: 'letter-status-next', text: t('allocationStatus.waitlistedNext') },
    );
  } else if (view.status === 'applied' && letter.drawOn) {
    lines.push({
      id: 'letter-status-line',
      text: t('allocationStatus.appliedDrawOn', { date: indiaLongDay(letter.drawOn, i18n.language === 'en' ? 'en' : 'hi') }),
    });
  } else if (view.status !== 'confirmed') {
    lines.push({ id: 'letter-status-line', text: t(`allocationStatus.${view.status}`) });
  }
  // A printed or downloaded letter has no link to open: the farmer can find the letter again by Aadhaar and mobile.
  if (view.status === 'waitlisted' || view.status === 'applied') {
    lines.push({ id: 'letter-status-come-back', text: t('allocationStatus.comeBack') });
  }
  if (view.status === 'cancelled' && letter.counterAddress) {
    lines.push({ id: 'letter-status-contact', text: t('allocationStatus.cancelledContact', { address: letter.counterAddress }) });
  }
  return (
    <Box
      role="status"
      data-testid={testId('letter-status')}
      data-status={view.status}
      sx={{
        ...TONES[view.tone].screen,
        border: 2,
        borderRadius: 1,
        px: { xs: 1.5, sm: 2 },
        py: 1,
        mb: 2,
        '@media print': { bgcolor: 'transparent', border: '2px solid #000', color: '#000' },
      }}
    >
      <Typography
        component="p"
        sx={{ fontWeight: 700, fontSize: '1.15rem', lineHeight: 1.3 }}
        data-testid={testId('letter-status-headline')}
      >
        {t(`allocationStatus.headline.${view.headline}`)}
      </Typography>
      {lines.map((line, i) => (
        <Typography
          key={line.id}
          component="p"
          sx={i === 0 && view.status === 'waitlisted' ? { fontWeight: 700, fontSize: '1.1rem', mt: 0.5 } : { mt: 0.5 }}
          data-testid={testId(line.id)}
        >
          {line.text}
        </Typography>
      ))}
    </Box>
  );
}

/** A confirmed, unbilled letter: the last day to collect, under the date and shift. */
export function CollectBy({ letter, testIds = true }: { letter: AppointmentRecord; testIds?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!letter.expiresOn || letterStatusView(letter).headline !== 'confirmed') return null;
  return (
    <Typography component="p" sx={{ fontWeight: 600 }} data-testid={testIds ? 'letter-collect-by' : undefined}>
      {t('allocationStatus.collectBy', { date: indiaLongDay(letter.expiresOn, i18n.language === 'en' ? 'en' : 'hi') })}
    </Typography>
  );
}
