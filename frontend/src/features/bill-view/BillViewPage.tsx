import { useEffect } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { BILL_QR_SIZE } from '@shared/public-pages/bill';
import { BILL_REFUSAL, billTitle, refusalText } from '@shared/public-pages/words';
import { kolkataDateTime } from '@shared/kolkata-date-time';
import { call, routeUrl } from '@web/lib/api';
import { loadStatusMessages } from '@web/lib/i18n';
import { usePageWords } from '@web/lib/page-words';
import { useSession } from '@web/lib/session';
import { usePageReply } from '@web/lib/use-page-reply';
import { usePageTitle } from '@web/components/use-page-title';
import { BillCheckNotice } from './BillCheckNotice';

/**
 * The public bill (/bill/{number}?t={token}), reached from the bill's QR code or the Bills page. The token in
 * the address (printed in the QR code) goes to the API: without it (or with a wrong one) a visitor learns only
 * that the bill exists (BillSummary); with it, visitors see one 'Duplicate Copy' (mobile masked by the server).
 * Staff see the 'Original 1st Copy' and the 'Copy for guard', each with who made the bill, and print the QR
 * code with the bill's token. Printing gives one copy per A4 page. The bill is drawn by ./bill-parts.ts, fetched
 * beside the bill and its texts, from shared/public-pages (bill.ts, bill-copy.ts, bill-cancelled.ts) as the
 * functions' page of the bill (functions/sales/bill-page.ts) draws it for a reader who opens its address.
 */

/** The QR image of the printed bill: with the bill's token (the staff's copy, or the one the reader came with). */
const qrUrl = (invoiceNumber: string, token: string | undefined) =>
  routeUrl('GET /api/invoices/by-number/{number}/qrcode.png', {
    params: { number: invoiceNumber },
    query: { size: BILL_QR_SIZE, t: token },
  });

/** The page's one h1, for screen readers only: each printed copy (or the summary) carries its own visible header. */
function ScreenReaderHeading({ children }: { children: string }) {
  return (
    <Box
      component="h1"
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        m: 0,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}

/** Resolves once every image of the page has loaded or failed. */
function imagesSettled(): Promise<unknown> {
  const pending = [...document.images].filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        }),
    ),
  );
}

export default function BillViewPage() {
  const { t, i18n } = useTranslation();
  const words = usePageWords();
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') || undefined;
  // ?print=1 (Print on the Registrations page after a sale): the print dialog opens once the bill is shown.
  const printOnLoad = params.get('print') === '1';
  const signedIn = Boolean(useSession());
  const { reply, error } = usePageReply(
    // Signing in or out changes what the server answers (summary, masked mobile, creator).
    JSON.stringify([number, token, signedIn]),
    async (signal) => {
      const [bill, parts] = await Promise.all([
        call('GET /api/invoices/by-number/{number}', { params: { number }, signal, skipAuthRedirect: true, query: { t: token } }),
        import('./bill-parts'),
        // The texts of a bill of supply and of a cancellation come beside it (lib/i18n/parts.ts).
        loadStatusMessages().catch(() => undefined),
      ]);
      return { bill, parts };
    },
  );
  const bill = reply?.bill;
  usePageTitle(bill ? billTitle(bill.invoiceNumber, words.t) : t('pages.bill'));
  const fullBill = Boolean(bill && bill.view !== 'summary');
  useEffect(() => {
    if (!printOnLoad || !fullBill) return;
    let cancelled = false;
    // After the QR images, so that the printed copies carry them.
    void imagesSettled().then(() => !cancelled && window.print());
    return () => {
      cancelled = true;
    };
  }, [printOnLoad, fullBill]);

  if (error) {
    return (
      <Alert severity="error" variant="filled" data-testid="bill-error">
        {refusalText(words.t, error, BILL_REFUSAL, { number })}
      </Alert>
    );
  }
  if (!reply || !bill) return <Typography data-testid="bill-loading">{t('billView.loading')}</Typography>;
  const { parts } = reply;
  const heading = <ScreenReaderHeading>{billTitle(bill.invoiceNumber, words.t)}</ScreenReaderHeading>;
  // A cancelled bill's mark, or staff's Cancel on one that stands (docs/decisions/0023-records.md, section 1).
  const cancellation = <parts.BillCancellation bill={bill} />;
  if (bill.view === 'summary') {
    return (
      <Box sx={{ maxWidth: 900, mx: 'auto' }}>
        {heading}
        {cancellation}
        <BillCheckNotice bill={bill} code={token} />
        <parts.BillSummary bill={bill} />
      </Box>
    );
  }

  const labels = signedIn ? [t('billView.original'), t('billView.guard')] : [t('billView.duplicate')];
  const qr = qrUrl(bill.invoiceNumber, bill.verifyToken ?? token);
  const copies = labels.map((label, i) => (
    <parts.BillCopy key={label} bill={bill} label={label} qr={qr} signedIn={signedIn} last={i === labels.length - 1} />
  ));
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      {heading}
      {cancellation}
      <BillCheckNotice bill={bill} code={token} />
      {signedIn ? (
        <parts.StaffPrintLayout
          bill={bill}
          label={labels[0]}
          date={kolkataDateTime(bill.generatedOn, i18n.language)}
          qr={qr}
          printLabel={t('billView.print')}
          a4={copies}
        />
      ) : (
        <>
          <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <Button variant="outlined" onClick={() => window.print()}>
              {t('billView.print')}
            </Button>
          </Box>
          {copies}
        </>
      )}
    </Box>
  );
}
