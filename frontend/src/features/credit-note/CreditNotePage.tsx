import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { BILL_REFUSAL, creditNoteTitle, refusalText } from '@shared/public-pages/words';
import { call } from '@web/lib/api';
import { loadStatusMessages } from '@web/lib/i18n';
import { usePageWords } from '@web/lib/page-words';
import { useSession } from '@web/lib/session';
import { usePageReply } from '@web/lib/use-page-reply';
import { usePageTitle } from '@web/components/use-page-title';

/**
 * The credit note (/credit-note/{number}?t={token}), printable on one A4 page with its QR code: the bill it
 * cancels, the farmer, lot, kg, amount, reason and date. As bills: without the token (or staff) only that the
 * credit note exists and which bill it cancels. The note is drawn by ./CreditNoteSheet.tsx (from
 * shared/public-pages/credit-note.ts, as the functions' page of the credit note, functions/sales/credit-note-page.ts,
 * draws it), fetched with the note and its texts.
 */
export default function CreditNotePage() {
  const { t } = useTranslation();
  const words = usePageWords();
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') || undefined;
  const signedIn = Boolean(useSession());
  const { reply, error } = usePageReply(JSON.stringify([number, token, signedIn]), async (signal) => {
    const [note, drawing] = await Promise.all([
      call('GET /api/credit-notes/by-number/{number}', {
        params: { number },
        query: { t: token },
        signal,
        skipAuthRedirect: true,
      }),
      import('./CreditNoteSheet'),
      // The credit note's texts come beside it (lib/i18n/parts.ts).
      loadStatusMessages().catch(() => undefined),
    ]);
    return { note, Sheet: drawing.CreditNoteSheet };
  });
  usePageTitle(reply ? creditNoteTitle(reply.note.creditNoteNumber, words.t) : t('creditNote.title'));

  if (error) {
    return (
      <Typography
        role="alert"
        data-testid="credit-note-error"
        sx={{ bgcolor: 'error.main', color: 'error.contrastText', p: 2, borderRadius: 1 }}
      >
        {refusalText(words.t, error, BILL_REFUSAL, { number })}
      </Typography>
    );
  }
  if (!reply) return <Typography data-testid="credit-note-loading">{t('billView.loading')}</Typography>;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="outlined" onClick={() => window.print()}>
          {t('billView.print')}
        </Button>
      </Box>
      <reply.Sheet note={reply.note} />
    </Box>
  );
}
