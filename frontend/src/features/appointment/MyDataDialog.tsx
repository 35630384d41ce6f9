import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { inLanguage } from '@shared/bilingual';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, formatRupees } from '@shared/format';
import type { DataRequestKind, MyDataReply } from '@shared/schemas/records';
import { FarmerCodeForm } from '@web/components/FarmerCodeForm';
import { ApiError, call, errorMessage } from '@web/lib/api';
import { clearFarmerSession, farmerHeaders, getFarmerSession, type FarmerSession } from '@web/lib/farmer-session';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The farmer's own data from the letter or My registrations (a chunk of its own, fetched when "My data" is
 * pressed): the farmer session of the registration's mobile (a one-time code unless one is held:
 * docs/decisions/0043-farmer-one-time-codes.md), then everything held (Aadhaar masked by the server), and a
 * correction or an erasure to ask for. Refusals (another mobile's session, empty details) are shown as the server
 * words them, in Hindi and English.
 */
export default function MyDataDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [session, setSession] = useState<FarmerSession | null>(getFarmerSession);
  const [data, setData] = useState<MyDataReply | null>(null);
  const [asking, setAsking] = useState<DataRequestKind | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  // No more SMS but the bill's (docs/decisions/0041-sms-notifications.md): the server's answer says so in both languages.
  const stopSms = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await call('POST /svsregistration/{code}/sms-opt-out', { params: { code } });
      setNotice(r.message);
    } catch (e) {
      setError(errorMessage(e, t('myData.failed')));
    } finally {
      setBusy(false);
    }
  };

  /** A refusal of the session (ended, or another mobile's): the code step again, for the registration's mobile. */
  const refused = (err: unknown) => {
    const status = err instanceof ApiError ? err.status : 0;
    if (status === 401) clearFarmerSession();
    if (status === 401 || status === 404) setSession(null);
    setError(status === 404 ? t('myRegistrations.otherMobile') : errorMessage(err, t('myData.failed')));
  };

  // The data, as soon as a session is held.
  useEffect(() => {
    if (!session) return;
    let live = true;
    setBusy(true);
    call('POST /svsregistration/{code}/my-data', {
      params: { code },
      body: {},
      headers: farmerHeaders(session),
      skipAuthRedirect: true,
    })
      .then(
        (d) => live && setData(d),
        (err: unknown) => live && refused(err),
      )
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
    // oxlint-disable-next-line react/exhaustive-deps -- `refused` is new each render; the call follows the session.
  }, [session, code]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!asking || !data || !session) return;
    setBusy(true);
    setError('');
    try {
      const request = await call('POST /svsregistration/{code}/data-requests', {
        params: { code },
        body: { kind: asking, details },
        headers: farmerHeaders(session),
        skipAuthRedirect: true,
      });
      setData({ ...data, requests: [request, ...data.requests.filter((r) => r.id !== request.id)] });
      setAsking(null);
      setDetails('');
      setNotice(t('myData.sent'));
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const errorAlert = error && (
    <Alert severity="error" role="alert" data-testid="my-data-error">
      {/* A server message in both languages shows the page's side (docs/product-rules.md#a-hindi-page-speaks-hindi). */}
      {inLanguage(error, lang === 'en' ? 'en' : 'hi')}
    </Alert>
  );

  if (!data) {
    return (
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="my-data-title" fullWidth maxWidth="xs">
        <DialogTitle id="my-data-title">{t('myData.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('myData.intro')}</Typography>
          {errorAlert}
          {session ? (
            <LinearProgress aria-label={t('myData.loading')} />
          ) : (
            <FarmerCodeForm
              purpose="manage"
              idPrefix="my-data"
              autoFocus
              intro={<Typography variant="body2">{t('myRegistrations.confirmFirst')}</Typography>}
              onVerified={(s) => {
                setError('');
                setSession(s);
              }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('myData.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const f = data.farmer;
  const rows: [string, string][] = [
    [t('myData.name'), f.name],
    [t('myData.fatherName'), f.fatherName],
    [t('myData.aadhaar'), f.aadhaar],
    [t('myData.mobile'), f.mobile],
    [t('myData.address'), f.address],
    [t('myData.category'), f.category],
    [t('myData.gender'), f.gender],
  ];
  const statusLabel = (s: string) =>
    s in { confirmed: 1, waitlisted: 1, applied: 1, expired: 1, cancelled: 1 } ? t(`myData.statusLabels.${s as 'confirmed'}`) : s;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="my-data-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: { mx: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } } } }}
    >
      <DialogTitle id="my-data-title">{asking ? t(`myData.${asking}Title`) : t('myData.title')}</DialogTitle>
      {asking ? (
        <form onSubmit={(e) => void send(e)} noValidate>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            {asking === 'erasure' && <Alert severity="warning">{t('myData.erasureExplain')}</Alert>}
            <TextField
              autoFocus
              label={asking === 'erasure' ? t('myData.erasureDetails') : t('myData.details')}
              name="details"
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              multiline
              minRows={3}
              required={asking === 'correction'}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            {errorAlert}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setAsking(null)} disabled={busy}>
              {t('myData.back')}
            </Button>
            <Button type="submit" variant="contained" color={asking === 'erasure' ? 'error' : 'primary'} disabled={busy}>
              {busy ? t('myData.sending') : t('myData.send')}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2 }} data-testid="my-data">
            {notice && (
              <Alert severity="success" role="status">
                {notice}
              </Alert>
            )}
            <Section title={t('myData.record')}>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
              >
                {rows.map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {value || '—'}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Section>
            <Section title={t('myData.registrations')}>
              {data.registrations.map((r) => (
                <Box key={`${r.year}-${r.id}`} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {t('myData.registration', { id: r.id, year: r.year, crop: (lang === 'hi' && r.cropHi) || r.crop })} ·{' '}
                    {statusLabel(r.status)}
                  </Typography>
                  {r.registeredOn && (
                    <Typography variant="body2">
                      {t('myData.registeredOn', { date: formatDateTime(r.registeredOn, lang) })}
                    </Typography>
                  )}
                  {r.appointmentDate && (
                    <Typography variant="body2">
                      {t('myData.appointment', { date: formatDay(r.appointmentDate, lang) })}
                    </Typography>
                  )}
                  {r.billedOn && (
                    <Typography variant="body2">{t('myData.billedOn', { date: formatDateTime(r.billedOn, lang) })}</Typography>
                  )}
                  {r.cancelledOn && (
                    <Typography variant="body2">
                      {t('myData.cancelledOn', { date: formatDateTime(r.cancelledOn, lang) })}
                    </Typography>
                  )}
                  {r.expiredOn && (
                    <Typography variant="body2">{t('myData.expiredOn', { date: formatDateTime(r.expiredOn, lang) })}</Typography>
                  )}
                  <Typography variant="body2">
                    {r.scanHeld
                      ? t('myData.scanHeld')
                      : r.scanDeletedOn
                        ? t('myData.scanDeleted', { date: formatDay(r.scanDeletedOn, lang) })
                        : t('myData.scanNone')}
                  </Typography>
                </Box>
              ))}
            </Section>
            <Section title={t('myData.bills')}>
              {data.bills.length === 0 ? (
                <Typography variant="body2">{t('myData.noBills')}</Typography>
              ) : (
                data.bills.map((b) => (
                  <Typography key={b.invoiceNumber} variant="body2">
                    {t('myData.bill', {
                      number: b.invoiceNumber,
                      date: formatDateTime(b.date, lang),
                      kg: b.kg,
                      amount: formatRupees(b.amount),
                    })}
                    {b.status === 'cancelled' && ` (${t('myData.billCancelled', { number: b.creditNoteNumber ?? '' })})`}
                  </Typography>
                ))
              )}
            </Section>
            <Section title={t('myData.consent')}>
              <Typography variant="body2">
                {data.consent
                  ? t('myData.consentAt', {
                      date: formatDateTime(data.consent.consentAt, lang),
                      version: noticeVersionText(data.consent.noticeVersion, lang, {
                        noticeOf: (date) => t('myData.noticeOf', { date }),
                        builtIn: t('myData.noticeBuiltIn'),
                      }),
                    })
                  : t('myData.noConsent')}
              </Typography>
            </Section>
            <Section title={t('myData.requests')}>
              {data.requests.length === 0 ? (
                <Typography variant="body2">{t('myData.noRequests')}</Typography>
              ) : (
                data.requests.map((r) => (
                  <Box key={r.id} data-testid="my-data-request">
                    <Typography variant="body2">
                      {t('myData.request', {
                        kind: t(`myData.kinds.${r.kind}`),
                        date: formatDateTime(r.createdAt, lang),
                        status: t(`myData.statuses.${r.status}`),
                      })}
                    </Typography>
                    {r.note && <Typography variant="body2">{t('myData.answer', { note: r.note })}</Typography>}
                  </Box>
                ))
              )}
            </Section>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose}>{t('myData.close')}</Button>
            <Button
              variant="outlined"
              onClick={() => {
                setNotice('');
                setError('');
                setAsking('correction');
              }}
              data-testid="ask-correction"
            >
              {t('myData.askCorrection')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                setNotice('');
                setError('');
                setAsking('erasure');
              }}
              data-testid="ask-erasure"
            >
              {t('myData.askErasure')}
            </Button>
            <Button variant="outlined" onClick={() => void stopSms()} disabled={busy} data-testid="stop-sms">
              {t('myData.stopSms')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * A notice version as a farmer takes it: the notice of the day it was saved, or the institute's standard notice
 * (stored as 'default', a word no farmer should read: docs/product-rules.md#a-hindi-page-speaks-hindi).
 */
function noticeVersionText(
  version: string | null,
  lang: string,
  words: { noticeOf: (date: string) => string; builtIn: string },
): string {
  const saved = version?.split('+')[0] ?? '';
  return saved && !Number.isNaN(Date.parse(saved)) ? words.noticeOf(formatDateTime(saved, lang)) : words.builtIn;
}
