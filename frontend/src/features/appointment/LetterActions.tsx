import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { letterStatusView } from '@shared/allocation-status';
import { letterFileName, letterShareTitle } from '@shared/public-pages/letter';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { usePageWords } from '@web/lib/page-words';
import { paths, to } from '@web/paths';
import { LetterSheet } from './LetterSheet';
import { shareLetter } from './share-letter';

const CancelRegistrationDialog = lazy(() => import('./CancelRegistrationDialog'));
const MyDataDialog = lazy(() => import('./MyDataDialog'));

/** A4's width at 96 px per inch: the width the letter is drawn at for the PDF, whatever the screen. */
const A4_WIDTH_PX = 794;

/**
 * Print, share (the phone's share sheet, else copy the link) and download as PDF; Cancel my registration
 * while the registration may still be cancelled (`onCancelled`: the page loads the letter again).
 */
export function LetterActions({ letter, onCancelled }: { letter: AppointmentRecord; onCancelled: () => void }) {
  const { t } = useTranslation();
  const words = usePageWords();
  const [cancelling, setCancelling] = useState(false);
  const [showingData, setShowingData] = useState(false);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const [makingPdf, setMakingPdf] = useState(false);
  const paperSheet = useRef<HTMLDivElement>(null);
  const fileName = letterFileName(letter);

  const share = async () => {
    const url = new URL(to.appointment(letter.uniqueCode), window.location.origin).href;
    const outcome = await shareLetter(url, letterShareTitle(letter, words.t));
    if (outcome === 'copied') setNote({ text: t('appointment.copied') });
    // Neither worked: the link itself, to copy by hand.
    else if (outcome === 'failed') setNote({ text: url, error: true });
    else setNote(null);
  };

  // The paper copy of the letter is drawn off screen once rendered, then removed.
  useEffect(() => {
    if (!makingPdf || !paperSheet.current) return;
    const sheet = paperSheet.current;
    let live = true;
    import('./letter-pdf')
      .then(({ saveLetterPdf }) => saveLetterPdf(sheet, fileName))
      .then(
        () => live && setNote(null),
        () => live && setNote({ text: t('appointment.pdfFailed'), error: true }),
      )
      .finally(() => live && setMakingPdf(false));
    return () => {
      live = false;
    };
  }, [makingPdf, fileName, t]);

  return (
    <Box className="no-print" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.print()}>
          {t('appointment.print')}
        </Button>
        <Button variant="outlined" onClick={() => void share()} data-testid="letter-share">
          {t('appointment.share')}
        </Button>
        <Button
          variant="outlined"
          disabled={makingPdf}
          onClick={() => {
            setNote(null);
            setMakingPdf(true);
          }}
          data-testid="letter-pdf"
        >
          {t('appointment.downloadPdf')}
        </Button>
        {letterStatusView(letter).mayCancel && (
          <Button variant="outlined" color="error" onClick={() => setCancelling(true)} data-testid="letter-cancel">
            {t('allocationStatus.cancel')}
          </Button>
        )}
        <Button variant="text" onClick={() => setShowingData(true)} data-testid="letter-my-data">
          {t('myData.open')}
        </Button>
        <Button variant="text" component={RouterLink} to={paths.myRegistrations} data-testid="letter-my-registrations">
          {t('myRegistrations.title')}
        </Button>
      </Box>
      {showingData && (
        <Suspense fallback={<LinearProgress sx={{ mt: 1 }} aria-label={t('app.loading')} />}>
          <MyDataDialog code={letter.uniqueCode} onClose={() => setShowingData(false)} />
        </Suspense>
      )}
      {cancelling && (
        <Suspense fallback={<LinearProgress sx={{ mt: 1 }} aria-label={t('app.loading')} />}>
          <CancelRegistrationDialog
            code={letter.uniqueCode}
            onClose={() => setCancelling(false)}
            onCancelled={() => {
              setCancelling(false);
              setNote({ text: t('allocationStatus.cancelledNow') });
              onCancelled();
            }}
          />
        </Suspense>
      )}
      {makingPdf && <LinearProgress sx={{ mt: 1 }} aria-label={t('app.loading')} />}
      <Typography
        role="status"
        variant="body2"
        color={note?.error ? 'error' : 'success.main'}
        sx={{ mt: 1, minHeight: '1.5em', overflowWrap: 'anywhere' }}
        data-testid="letter-action-note"
      >
        {note?.text}
      </Typography>
      {makingPdf && (
        <Box aria-hidden sx={{ position: 'fixed', left: -10_000, top: 0, width: A4_WIDTH_PX, bgcolor: '#fff' }}>
          <div ref={paperSheet}>
            <LetterSheet letter={letter} paper />
          </div>
        </Box>
      )}
    </Box>
  );
}
