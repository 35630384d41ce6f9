import { useEffect, useState, type ReactNode } from 'react';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { formatRupees, maskAadhaar } from '@shared/format';
import type { BillReply, BillSummary, InvoiceResponse } from '@shared/schemas/sales';
import { ApiError, call, errorMessage, routeUrl } from '@web/lib/api';
import { useSession } from '@web/lib/session';
import { usePageTitle } from '@web/components/usePageTitle';
import { useSupplyParts, type SupplyParts } from './useSupplyParts';
import { kolkataDateTime } from '@shared/kolkata-date-time';

/**
 * The public bill (/bill/{number}?t={token}), reached from the bill's QR code or the Bills page. The token in
 * the address (printed in the QR code) goes to the API: without it (or with a wrong one) a visitor learns only
 * that the bill exists (BillSummary); with it, visitors see one 'Duplicate Copy' (mobile masked by the server).
 * Staff see the 'Original 1st Copy' and the 'Copy for guard', each with who made the bill, and print the QR
 * code with the bill's token. Printing gives one copy per A4 page.
 */
/** QR image size of the bill (docs/product-rules.md#bill-contents); a type-only import keeps zod out of this public chunk. */
const BILL_QR_SIZE = 512;
const kg = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="tr">
      <Box
        component="th"
        scope="row"
        sx={{ textAlign: 'left', fontWeight: 500, pr: 2, py: 0.4, verticalAlign: 'top', width: '42%', color: 'text.secondary' }}
      >
        {label}
      </Box>
      <Box component="td" sx={{ py: 0.4 }}>
        {children}
      </Box>
    </Box>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ borderBottom: 1, borderColor: 'divider', mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
        <tbody>{children}</tbody>
      </Box>
    </Box>
  );
}

/** The QR image of the printed bill: with the bill's token (the staff's copy, or the one the reader came with). */
const qrUrl = (invoiceNumber: string, token: string | undefined) =>
  routeUrl('GET /api/invoices/by-number/{number}/qrcode.png', {
    params: { number: invoiceNumber },
    query: { size: BILL_QR_SIZE, t: token },
  });

/** What anyone gets by the number alone: the bill exists and what it was for, no personal data. */
function Summary({ bill }: { bill: BillSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="article"
      data-testid="bill-summary"
      sx={{ border: 1, borderColor: 'grey.400', borderRadius: 1, p: { xs: 1.5, sm: 2.5 }, bgcolor: 'background.paper' }}
    >
      {bill.status !== 'cancelled' && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="bill-verified">
          <strong>{t('billView.verified')}</strong>
          <br />
          {t('billView.verifiedBody', { number: bill.invoiceNumber })}
        </Alert>
      )}
      <Block title={t('billView.heading')}>
        <Row label={t('billView.invoiceNo')}>
          <strong data-testid="bill-number">{bill.invoiceNumber}</strong>
        </Row>
        <Row label={t('billView.generatedOn')}>{kolkataDateTime(bill.generatedOn, i18n.language)}</Row>
        <Row label={t('billView.crop')}>{cropLabel(bill, i18n.language)}</Row>
        <Row label={t('billView.lotCode')}>{bill.lotCode}</Row>
        <Row label={t('billView.quantity')}>
          {t('billView.quantityKg', { kg: kg(bill.quantityKg), bags: bill.bags, size: kg(bill.bagSizeKg) })}
        </Row>
        <Row label={t('billView.total')}>
          <strong data-testid="bill-total">₹{formatRupees(bill.totalAmount)}</strong>
        </Row>
        {/* A cancelled bill's status is its mark (BillCancellation). */}
        {bill.status !== 'cancelled' && <Row label={t('billView.status')}>{t('billView.statusIssued')}</Row>}
      </Block>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {t('billView.summaryNote')}
      </Typography>
    </Box>
  );
}

function Copy({
  bill,
  label,
  signedIn,
  last,
  token,
  supply,
}: {
  bill: InvoiceResponse;
  label: string;
  signedIn: boolean;
  last: boolean;
  token: string | undefined;
  /** Loaded for bills of supply (bill.supplier): their supplier block, amount in words and no-tax line. */
  supply: SupplyParts | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const qr = qrUrl(bill.invoiceNumber, bill.verifyToken ?? token);
  return (
    <Box
      component="article"
      data-testid="bill-copy"
      className={`print-avoid-break${last ? '' : ' print-page-break'}`}
      sx={{
        border: 1,
        borderColor: 'grey.400',
        borderRadius: 1,
        p: { xs: 1.5, sm: 2.5 },
        mb: 3,
        bgcolor: 'background.paper',
        '@media print': { border: 0, p: 0, mb: 0 },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          borderBottom: 2,
          borderColor: 'text.primary',
          pb: 1,
          mb: 1.5,
        }}
      >
        {bill.supplier && supply ? (
          <supply.SupplierBlock supplier={bill.supplier} />
        ) : (
          <Box>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
              {t('home.instituteTitle')}
            </Typography>
            <Typography variant="body2">{t('billView.heading')}</Typography>
          </Box>
        )}
        <Box sx={{ textAlign: 'right' }}>
          <Typography data-testid="copy-label" sx={{ fontWeight: 700, fontSize: 14 }}>
            {label}
          </Typography>
          <Typography variant="body2">
            {t('billView.invoiceNo')}: <strong data-testid="bill-number">{bill.invoiceNumber}</strong>
          </Typography>
          <Typography variant="body2">
            {t('billView.generatedOn')}: {kolkataDateTime(bill.generatedOn, lang)}
          </Typography>
        </Box>
      </Box>

      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Block title={bill.supplier ? t('billSupply.recipient') : t('billView.farmer')}>
          <Row label={t('billView.name')}>{bill.farmerName}</Row>
          <Row label={t('billView.aadhaar')}>{bill.farmerAadhaarLast4 ? maskAadhaar(bill.farmerAadhaarLast4) : '—'}</Row>
          {bill.farmerContact && (
            <Row label={t('billView.contact')}>
              <span data-testid="bill-contact">{bill.farmerContact}</span>
            </Row>
          )}
          {bill.farmerAddress && <Row label={t('billView.address')}>{bill.farmerAddress}</Row>}
        </Block>
        <Block title={t('billView.lot')}>
          <Row label={t('billView.lotCode')}>{bill.lotCode}</Row>
          <Row label={t('billView.crop')}>{cropLabel(bill, i18n.language)}</Row>
          {bill.supplier && (
            <Row label={t('billSupply.hsnCode')}>
              <span data-testid="bill-hsn">{bill.hsnCode || '—'}</span>
            </Row>
          )}
          <Row label={t('billView.year')}>{bill.year}</Row>
          <Row label={t('billView.quantity')}>
            {t('billView.quantityKg', { kg: kg(bill.quantityKg), bags: bill.bags, size: kg(bill.bagSizeKg) })}
          </Row>
          <Row label={t('billView.quintal')}>{kg(bill.quantityQuintal)}</Row>
          <Row label={t('billView.rate')}>₹{formatRupees(bill.pricePerUnit)}</Row>
          <Row label={t('billView.paymentMode')}>{bill.paymentMode}</Row>
          <Row label={t('billView.total')}>
            <strong data-testid="bill-total">₹{formatRupees(bill.totalAmount)}</strong>
          </Row>
        </Block>
        <Box component="figure" sx={{ m: 0, textAlign: 'center', flex: '0 0 auto' }}>
          <Box
            component="img"
            src={qr}
            alt={t('billView.qrAlt', { number: bill.invoiceNumber })}
            width={150}
            height={150}
            sx={{ display: 'block', mx: 'auto' }}
          />
          <Typography component="figcaption" variant="caption">
            {t('billView.scan')}
          </Typography>
        </Box>
      </Box>
      {bill.amountInWords && supply && <supply.AmountInWords words={bill.amountInWords} />}
      {bill.supplier && supply && <supply.NoTaxLine />}

      {signedIn && (
        <Box data-testid="bill-staff" sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider', fontSize: 13 }}>
          <Typography variant="body2">
            {bill.createdByName
              ? t('billView.generatedBy', {
                  name: bill.createdByName,
                  id: bill.createdByUserId ?? '—',
                  date: kolkataDateTime(bill.generatedOn, lang),
                })
              : t('billView.createdByNone')}
          </Typography>
          {bill.updatedOn && (
            <Typography variant="body2">
              {t('billView.updatedBy', { name: bill.updatedByName || '—', date: kolkataDateTime(bill.updatedOn, lang) })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

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
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') || undefined;
  // ?print=1 (Print on the Registrations page after a sale): the print dialog opens once the bill is shown.
  const printOnLoad = params.get('print') === '1';
  const session = useSession();
  const signedIn = Boolean(session);
  const [bill, setBill] = useState<BillReply | null>(null);
  /** The failure: the server's message (spec: 'the error message or Not found') and whether it was a 404. */
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  usePageTitle(bill ? `${t('pages.bill')} ${bill.invoiceNumber}` : t('pages.bill'));

  useEffect(() => {
    const ctl = new AbortController();
    setBill(null);
    setError(null);
    call('GET /api/invoices/by-number/{number}', {
      params: { number },
      signal: ctl.signal,
      skipAuthRedirect: true,
      query: { t: token },
    })
      .then((r) => !ctl.signal.aborted && setBill(r))
      .catch(
        (e) =>
          !ctl.signal.aborted && setError({ message: errorMessage(e, ''), notFound: e instanceof ApiError && e.status === 404 }),
      );
    return () => ctl.abort();
    // Signing in or out changes what the server answers (summary, masked mobile, creator).
  }, [number, token, signedIn]);

  const fullBill = bill && bill.view !== 'summary';
  const needsSupplyParts = Boolean((fullBill && (bill.supplier || signedIn)) || bill?.status === 'cancelled');
  const supply = useSupplyParts(needsSupplyParts);
  const ready = fullBill && (!needsSupplyParts || supply !== undefined);
  useEffect(() => {
    if (!printOnLoad || !ready) return;
    let cancelled = false;
    // After the QR images, so that the printed copies carry them.
    void imagesSettled().then(() => !cancelled && window.print());
    return () => {
      cancelled = true;
    };
  }, [printOnLoad, ready]);

  if (error) {
    // The server's message as it is; in Hindi, with a Hindi sentence before it (the server's is English).
    const { message, notFound } = error;
    return (
      <Alert severity="error" variant="filled" data-testid="bill-error">
        {!message
          ? t('billView.notFound')
          : /[\u0900-\u097F]/.test(message)
            ? message
            : t(notFound ? 'billView.notFoundMessage' : 'billView.failedMessage', { number, message })}
      </Alert>
    );
  }
  if (!bill) return <Typography data-testid="bill-loading">{t('billView.loading')}</Typography>;
  // A cancelled bill's mark, or staff's Cancel on one that stands (docs/decisions/0023-records.md, section 1).
  const cancellation = supply && <supply.BillCancellation bill={bill} />;
  if (bill.view === 'summary') {
    return (
      <Box sx={{ maxWidth: 900, mx: 'auto' }}>
        <ScreenReaderHeading>{`${t('pages.bill')} ${bill.invoiceNumber}`}</ScreenReaderHeading>
        {cancellation}
        <Summary bill={bill} />
      </Box>
    );
  }

  if (!ready) return <Typography data-testid="bill-loading">{t('billView.loading')}</Typography>;

  const labels = signedIn ? [t('billView.original'), t('billView.guard')] : [t('billView.duplicate')];
  const copies = labels.map((label, i) => (
    <Copy
      key={label}
      bill={bill}
      label={label}
      signedIn={signedIn}
      last={i === labels.length - 1}
      token={token}
      supply={supply}
    />
  ));
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <ScreenReaderHeading>{`${t('pages.bill')} ${bill.invoiceNumber}`}</ScreenReaderHeading>
      {cancellation}
      {signedIn && supply ? (
        <supply.StaffPrintLayout
          bill={bill}
          label={labels[0]}
          date={kolkataDateTime(bill.generatedOn, i18n.language)}
          qr={qrUrl(bill.invoiceNumber, bill.verifyToken ?? token)}
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
