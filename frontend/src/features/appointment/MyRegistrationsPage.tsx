import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { cropLabel } from '@shared/crop-names';
import { formatDateTime, formatDay, formatTime, maskMobile } from '@shared/format';
import type { MyRegistrationsReply } from '@shared/schemas/farmer-otp';
import { FarmerCodeForm } from '@web/components/FarmerCodeForm';
import { LazyAlert as Alert } from '@web/components/LazyAlert';
import { usePageTitle } from '@web/components/use-page-title';
import { ApiError, call } from '@web/lib/api';
import { clearFarmerSession, farmerHeaders, getFarmerSession, type FarmerSession } from '@web/lib/farmer-session';

const CancelRegistrationDialog = lazy(() => import('./CancelRegistrationDialog'));
const MyDataDialog = lazy(() => import('./MyDataDialog'));

type Row = MyRegistrationsReply['registrations'][number];

/**
 * My registrations (/my-registrations): every registration made with the mobile a one-time code confirmed
 * (docs/decisions/0043-farmer-one-time-codes.md), each with its status, letter and bill, and the farmer's own
 * actions: cancel it, My data (with the correction and erasure requests). The session is kept in this tab for its
 * 30 minutes (lib/farmer-session.ts); "Done" forgets it on a shared phone.
 */
export default function MyRegistrationsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  usePageTitle(t('myRegistrations.title'));
  const [session, setSession] = useState<FarmerSession | null>(getFarmerSession);
  const [reply, setReply] = useState<MyRegistrationsReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [reads, setReads] = useState(0);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [showingData, setShowingData] = useState<Row | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    if (!session) return;
    let live = true;
    setFailed(false);
    call('GET /svsregistration/mine', { headers: farmerHeaders(session), skipAuthRedirect: true }).then(
      (r) => live && setReply(r),
      (e: unknown) => {
        if (!live) return;
        // The session ended: the code step again.
        if (e instanceof ApiError && e.status === 401) {
          clearFarmerSession();
          setSession(null);
        } else setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [session, reads]);

  const done = () => {
    clearFarmerSession();
    setSession(null);
    setReply(null);
    setNote('');
  };

  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto' }} data-testid="my-registrations">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('myRegistrations.title')}
      </Typography>
      {!session ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FarmerCodeForm
            purpose="manage"
            idPrefix="mine"
            autoFocus
            intro={<Typography>{t('myRegistrations.intro')}</Typography>}
            onVerified={setSession}
          />
        </Paper>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
            <Typography variant="body2" sx={{ flex: '1 1 14rem' }} data-testid="my-registrations-mobile">
              {t('myRegistrations.signedInAs', {
                mobile: reply?.mobile ?? maskMobile(session.mobile),
                time: formatTime(session.expiresAt, lang),
              })}
            </Typography>
            <Button variant="outlined" size="small" onClick={done} data-testid="my-registrations-done">
              {t('myRegistrations.signOut')}
            </Button>
          </Box>
          {note && (
            <Alert severity="success" role="status" sx={{ mb: 1.5 }} data-testid="my-registrations-note">
              {note}
            </Alert>
          )}
          {failed && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => setReads((n) => n + 1)}>
                  {t('myRegistrations.retry')}
                </Button>
              }
            >
              {t('myRegistrations.loadFailed')}
            </Alert>
          )}
          {!reply && !failed && <LinearProgress aria-label={t('app.loading')} />}
          {reply && reply.registrations.length === 0 && <Typography>{t('myRegistrations.none')}</Typography>}
          {reply && reply.registrations.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {reply.registrations.map((r) => (
                <Paper
                  component="li"
                  variant="outlined"
                  key={`${r.year}-${r.id}`}
                  sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
                  data-testid="my-registration"
                >
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.4 }}>
                    {t('myRegistrations.registration', { crop: cropLabel(r, lang), year: r.year, id: r.id })}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }} data-testid="my-registration-status">
                    {r.invoiceNumber ? t('myRegistrations.billed') : t(`myData.statusLabels.${r.status}`)}
                  </Typography>
                  {r.appointmentDate && r.status === 'confirmed' && (
                    <Typography variant="body2">
                      {r.appointmentShift
                        ? t('myRegistrations.appointment', {
                            date: formatDay(r.appointmentDate, lang),
                            shift: r.appointmentShift,
                          })
                        : t('myRegistrations.appointmentDay', { date: formatDay(r.appointmentDate, lang) })}
                    </Typography>
                  )}
                  {r.registeredOn && (
                    <Typography variant="body2" color="text.secondary">
                      {t('myRegistrations.registeredOn', { date: formatDateTime(r.registeredOn, lang) })}
                    </Typography>
                  )}
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                    <Button component={RouterLink} to={r.letterPath} variant="contained" size="small">
                      {t('myRegistrations.openLetter')}
                    </Button>
                    {r.billPath && r.invoiceNumber && (
                      <Button component={RouterLink} to={r.billPath} variant="outlined" size="small">
                        {t('myRegistrations.openBill', { number: r.invoiceNumber })}
                      </Button>
                    )}
                    <Button variant="outlined" size="small" onClick={() => setShowingData(r)} data-testid="my-registration-data">
                      {t('myRegistrations.myData')}
                    </Button>
                    {r.cancellable && (
                      <Button
                        variant="outlined"
                        color="error"
                        size="small"
                        onClick={() => {
                          setNote('');
                          setCancelling(r);
                        }}
                        data-testid="my-registration-cancel"
                      >
                        {t('myRegistrations.cancel')}
                      </Button>
                    )}
                  </Box>
                </Paper>
              ))}
            </Box>
          )}
        </>
      )}
      {showingData && (
        <Suspense fallback={<LinearProgress sx={{ mt: 1 }} aria-label={t('app.loading')} />}>
          <MyDataDialog code={showingData.uniqueCode} onClose={() => setShowingData(null)} />
        </Suspense>
      )}
      {cancelling && (
        <Suspense fallback={<LinearProgress sx={{ mt: 1 }} aria-label={t('app.loading')} />}>
          <CancelRegistrationDialog
            code={cancelling.uniqueCode}
            onClose={() => setCancelling(null)}
            onCancelled={() => {
              setNote(t('myRegistrations.cancelledNow', { id: cancelling.id }));
              setCancelling(null);
              setReads((n) => n + 1);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
