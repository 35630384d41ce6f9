import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { formatRupees } from '@shared/format';
import type { CreditNoteReply } from '@shared/schemas/credit-notes';
import { ApiError, call, errorMessage, routeUrl } from '@web/lib/api';
import { loadStatusMessages } from '@web/lib/i18n';
import { useSession } from '@web/lib/session';
import { usePageTitle } from '@web/components/usePageTitle';
import { kolkataDateTime } from '@shared/kolkata-date-time';

/**
 * The credit note (/credit-note/{number}?t={token}), printable on one A4 page with its QR code: the bill it
 * cancels, the farmer, lot, kg, amount, reason and date. As bills: without the token (or staff) only that the
 * credit note exists and which bill it cancels.
 */
const QR_SIZE = 512;
const kg = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);
const billPath = (number: string, token?: string) =>
  `/bill/${encodeURIComponent(number)}${token ? `?t=${encodeURIComponent(token)}` : ''}`;

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

function Rows({ children }: { children: ReactNode }) {
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
      <tbody>{children}</tbody>
    </Box>
  );
}

export default function CreditNotePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') || undefined;
  const signedIn = Boolean(useSession());
  const [note, setNote] = useState<CreditNoteReply | null>(null);
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  usePageTitle(note ? `${t('creditNote.title')} ${note.creditNoteNumber}` : t('creditNote.title'));

  useEffect(() => {
    const ctl = new AbortController();
    setNote(null);
    setError(null);
    Promise.all([
      call('GET /api/credit-notes/by-number/{number}', {
        params: { number },
        query: { t: token },
        signal: ctl.signal,
        skipAuthRedirect: true,
      }),
      // The credit note's texts come beside it (lib/i18n/parts.ts).
      loadStatusMessages().catch(() => undefined),
    ])
      .then(([r]) => !ctl.signal.aborted && setNote(r))
      .catch(
        (e) =>
          !ctl.signal.aborted && setError({ message: errorMessage(e, ''), notFound: e instanceof ApiError && e.status === 404 }),
      );
    return () => ctl.abort();
  }, [number, token, signedIn]);

  if (error) {
    return (
      <Typography
        role="alert"
        data-testid="credit-note-error"
        sx={{ bgcolor: 'error.main', color: 'error.contrastText', p: 2, borderRadius: 1 }}
      >
        {error.message
          ? t(error.notFound ? 'billView.notFoundMessage' : 'billView.failedMessage', { number, message: error.message })
          : t('billView.notFound')}
      </Typography>
    );
  }
  if (!note) return <Typography data-testid="credit-note-loading">{t('billView.loading')}</Typography>;

  const qr = routeUrl('GET /api/credit-notes/by-number/{number}/qrcode.png', {
    params: { number: note.creditNoteNumber },
    query: { size: QR_SIZE, t: note.view === 'full' ? note.verifyToken : undefined },
  });
  const full = note.view === 'full' ? note : undefined;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="outlined" onClick={() => window.print()}>
          {t('billView.print')}
        </Button>
      </Box>
      <Box
        component="article"
        data-testid="credit-note"
        className="print-avoid-break"
        sx={{
          border: 1,
          borderColor: 'grey.400',
          borderRadius: 1,
          p: { xs: 1.5, sm: 2.5 },
          bgcolor: 'background.paper',
          '@media print': { border: 0, p: 0 },
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
          <Box>
            {full?.supplier ? (
              <Box data-testid="credit-note-supplier">
                <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{full.supplier.name}</Typography>
                {full.supplier.address && <Typography variant="body2">{full.supplier.address}</Typography>}
                <Typography variant="body2">GSTIN: {full.supplier.gstin || '—'}</Typography>
              </Box>
            ) : (
              <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
                {t('home.instituteTitle')}
              </Typography>
            )}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t('creditNote.heading')}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2">
              {t('creditNote.number')}: <strong data-testid="credit-note-number">{note.creditNoteNumber}</strong>
            </Typography>
            <Typography variant="body2">
              {t('creditNote.issuedOn')}: {kolkataDateTime(note.issuedOn, lang)}
            </Typography>
          </Box>
        </Box>
        {!full && (
          <Typography
            role="status"
            sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'success.light', color: 'success.contrastText' }}
          >
            <strong>{t('creditNote.verified')}</strong>
            <br />
            {t('creditNote.verifiedBody', { number: note.creditNoteNumber, bill: note.invoiceNumber })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 300px', minWidth: 0 }}>
            <Rows>
              <Row label={t('creditNote.cancelsBill')}>
                <Box
                  component="a"
                  sx={{ color: 'primary.main' }}
                  href={billPath(note.invoiceNumber, full?.invoiceToken)}
                  data-testid="credit-note-bill"
                >
                  {note.invoiceNumber}
                </Box>
              </Row>
              {full && <Row label={t('creditNote.billDate')}>{kolkataDateTime(full.invoiceDate, lang)}</Row>}
              {full && <Row label={t('billView.name')}>{full.farmerName}</Row>}
              {full?.farmerAddress && <Row label={t('billView.address')}>{full.farmerAddress}</Row>}
              <Row label={t('billView.lotCode')}>{note.lotCode}</Row>
              <Row label={t('billView.crop')}>{cropLabel(note, lang)}</Row>
              {full?.hsnCode && (
                <Row label={t('billSupply.hsnCode')}>
                  <span data-testid="credit-note-hsn">{full.hsnCode}</span>
                </Row>
              )}
              <Row label={t('billView.quantity')}>
                {full
                  ? t('billView.quantityKg', { kg: kg(full.quantityKg), bags: full.bags, size: kg(full.bagSizeKg) })
                  : `${kg(note.quantityKg)} kg`}
              </Row>
              {full && <Row label={t('billView.rate')}>₹{formatRupees(full.pricePerUnit)}</Row>}
              <Row label={t('creditNote.amountCredited')}>
                <strong data-testid="credit-note-amount">₹{formatRupees(note.totalAmount)}</strong>
              </Row>
              {full && (
                <Row label={t('creditNote.reason')}>
                  <span data-testid="credit-note-reason">{full.reason}</span>
                </Row>
              )}
            </Rows>
          </Box>
          <Box component="figure" sx={{ m: 0, textAlign: 'center', flex: '0 0 auto' }}>
            <Box
              component="img"
              src={qr}
              alt={t('creditNote.qrAlt', { number: note.creditNoteNumber })}
              width={150}
              height={150}
              sx={{ display: 'block', mx: 'auto' }}
            />
            <Typography component="figcaption" variant="caption">
              {t('billView.scan')}
            </Typography>
          </Box>
        </Box>
        {full ? (
          <Typography variant="body2" sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
            {t('creditNote.issuedBy', { name: full.issuedByName })}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {t('creditNote.summaryNote')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
