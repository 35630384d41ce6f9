import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { letterCodeOf } from '@shared/schemas/counter';
import type { PreparedRow } from '@shared/schemas/offline-counter';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { call, errorMessage } from '@web/lib/api';
import { sessionHasRole, useSession } from '@web/lib/session';
import {
  amountOf,
  billsLeft,
  floatLeftKg,
  loadState,
  nextNumber,
  randomToken,
  refOf,
  saveState,
  stateAfterPrepare,
  type CounterState,
  type OfflineBill,
} from './counter-state';
import { OfflineBillDialog } from './OfflineBillDialog';
import { ConflictsSection } from './ConflictsSection';
import { IssueDialog, kgOf } from './IssueDialog';
import { keepForOffline, useOnline } from './offline-support';

/**
 * The offline counter (/admin/today?mode=offline; docs/decisions/0048-offline-counter.md): Prepare for offline while
 * online; then check in (scan or type the letter against the prepared list, tokens of the counter's own range),
 * Issue and Confirm (three taps), Print, all kept in IndexedDB; the stored bills are sent as soon as the browser is
 * online again, and the reconciliation gives the float back and reports the block's unused numbers.
 */
export function OfflineCounterPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('offline.title'));
  const session = useSession();
  const isAdmin = sessionHasRole(session, ['admin', 'super_admin']);
  const online = useOnline();
  const [state, setState] = useState<CounterState | undefined>();
  const [loaded, setLoaded] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'' | 'prepare' | 'send' | 'reconcile'>('');
  const [error, setError] = useState('');
  const [search, setSearch] = useState('');
  const [issuing, setIssuing] = useState<PreparedRow | null>(null);
  const [shown, setShown] = useState<OfflineBill | null>(null);
  const stateRef = useRef<CounterState | undefined>(undefined);

  const update = useCallback(async (next: CounterState | undefined) => {
    stateRef.current = next;
    await saveState(next);
    setState(next);
  }, []);

  useEffect(() => {
    void loadState().then((s) => {
      stateRef.current = s;
      setState(s);
      if (s) setCode(s.code);
      setLoaded(true);
    });
  }, []);

  const prepare = async () => {
    setBusy('prepare');
    setError('');
    try {
      const c = code.trim().toUpperCase();
      const p = await call('POST /api/counters/{code}/prepare', { params: { code: c }, body: {} });
      await update(stateAfterPrepare(stateRef.current, c, p));
      await keepForOffline().catch(() => undefined);
    } catch (e) {
      setError(t('offline.failed', { message: errorMessage(e, '') }));
    } finally {
      setBusy('');
    }
  };

  const send = useCallback(async () => {
    const s = stateRef.current;
    const pending = s?.bills.filter((b) => b.status === 'pending') ?? [];
    if (!s || !pending.length) return;
    setBusy('send');
    try {
      const reply = await call('POST /api/counters/{code}/offline-batch', {
        params: { code: s.code },
        body: { prepId: s.prepared.preparation.prepId, actions: pending.map((b) => b.action) },
      });
      const byKey = new Map(reply.results.map((r) => [r.key, r]));
      const now = stateRef.current!;
      await update({
        ...now,
        bills: now.bills.map((b) => {
          const r = byKey.get(b.action.key);
          return r ? { ...b, status: r.outcome, ...(r.message ? { message: r.message } : {}) } : b;
        }),
      });
    } catch {
      // Still offline, or the server is away: the bills stay pending and go with the next try.
    } finally {
      setBusy('');
    }
  }, [update]);

  // Back online: the stored bills go at once, in the order they were made.
  useEffect(() => {
    if (online && loaded) void send();
  }, [online, loaded, send]);

  const reconcile = async () => {
    const s = stateRef.current;
    if (!s) return;
    setBusy('reconcile');
    try {
      const r = await call('POST /api/counters/{code}/reconcile', {
        params: { code: s.code },
        body: { prepId: s.prepared.preparation.prepId },
      });
      await update({ ...s, reconciled: { givenBackKg: r.givenBackKg, unused: r.preparation.unused } });
    } catch (e) {
      setError(errorMessage(e, ''));
    } finally {
      setBusy('');
    }
  };

  const checkIn = async (row: PreparedRow) => {
    const s = stateRef.current!;
    if (s.checkins[refOf(row)]) return;
    const n = s.lastToken + 1;
    await update({ ...s, lastToken: n, checkins: { ...s.checkins, [refOf(row)]: `${s.prepared.tokenPrefix}${n}` } });
  };

  const rows = useMemo(() => state?.prepared.rows ?? [], [state]);
  const billedHere = useMemo(
    () => new Map((state?.bills ?? []).map((b) => [`${b.action.year}#${b.action.registrationID}`, b])),
    [state],
  );
  const matches = useMemo(() => {
    const q = search.trim();
    if (!q) return rows;
    const code = letterCodeOf(q);
    const lower = q.toLowerCase();
    return rows.filter((r) => r.code === code || String(r.registrationID) === q || r.name.toLowerCase().includes(lower));
  }, [rows, search]);

  const onSearchKey = async (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (matches.length === 1) {
      await checkIn(matches[0]);
      setSearch('');
    } else setError(matches.length ? '' : t('offline.notOnList'));
  };

  const issue = async (row: PreparedRow, lotID: number, bags: number) => {
    const s = stateRef.current!;
    const number = nextNumber(s);
    const float = s.prepared.preparation.floats.find((f) => f.lotID === lotID)!;
    if (!number) return;
    const kg = kgOf(bags, float);
    const bill: OfflineBill = {
      action: {
        key: randomToken(),
        kind: 'sale',
        invoiceNumber: number,
        registrationID: row.registrationID,
        year: row.year,
        lotID,
        bags,
        paymentMode: 'Cash',
        printedAt: new Date().toISOString(),
        verifyToken: randomToken(),
        ...(s.checkins[refOf(row)] ? { token: s.checkins[refOf(row)] } : {}),
      },
      farmerName: row.name,
      village: row.village,
      cropName: float.cropName,
      cropNameHi: float.cropNameHi,
      lotCode: float.lotCode,
      hsnCode: float.hsnCode,
      kg,
      price: float.price,
      amount: amountOf(kg, float.price),
      status: 'pending',
    };
    await update({ ...s, nextSeq: s.nextSeq + 1, bills: [...s.bills, bill] });
    setIssuing(null);
    setShown(bill);
    if (navigator.onLine) void send();
  };

  const prep = state?.prepared.preparation;
  const pending = state?.bills.filter((b) => b.status === 'pending').length ?? 0;
  const conflicts = state?.bills.filter((b) => b.status === 'conflict').length ?? 0;

  return (
    <StaffPage title={t('offline.title')}>
      <style>{`@media print {
        body.print-offline-bill * { visibility: hidden; }
        body.print-offline-bill .offline-bill-sheet, body.print-offline-bill .offline-bill-sheet * { visibility: visible; }
        body.print-offline-bill .offline-bill-sheet { position: absolute; left: 0; top: 0; border: 0; }
      }`}</style>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          data-testid="offline-indicator"
          data-online={online ? 'true' : 'false'}
          color={online ? 'success' : 'warning'}
          label={online ? t('offline.online') : t('offline.offline')}
        />
        {state && <Chip data-testid="offline-pending" variant="outlined" label={t('offline.pending', { n: pending })} />}
      </Stack>
      <Typography sx={{ mb: 2 }}>{t('offline.intro')}</Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError('')}>
          {error}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            name="counterCode"
            label={t('offline.counterCode')}
            helperText={t('offline.counterCodeHelp')}
            value={code}
            onChange={(e) => setCode(e.target.value.slice(0, 1).toUpperCase())}
            sx={{ width: { sm: 220 } }}
          />
          <Button
            variant="contained"
            onClick={() => void prepare()}
            disabled={!online || !code || busy !== ''}
            data-testid="prepare-offline"
          >
            {busy === 'prepare' ? t('offline.preparing') : t('offline.prepare')}
          </Button>
        </Stack>
        {state && prep && (
          <Box sx={{ mt: 2 }} data-testid="offline-prepared">
            <Typography sx={{ fontWeight: 600 }}>
              {t('offline.prepared', { day: prep.day, from: prep.blockFrom, to: prep.blockTo })}
            </Typography>
            <Typography data-testid="offline-bills-left">{t('offline.billsLeft', { n: billsLeft(state) })}</Typography>
            {prep.floats.map((f) => (
              <Typography key={f.lotID} data-testid="offline-kg-left">
                {t('offline.kgLeft', {
                  lot: f.lotCode,
                  crop: i18n.language === 'hi' && f.cropNameHi ? f.cropNameHi : f.cropName,
                  kg: floatLeftKg(state, f.lotID),
                })}
              </Typography>
            ))}
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button onClick={() => void send()} disabled={!online || !pending || busy !== ''} data-testid="offline-send">
                {busy === 'send' ? t('offline.sending') : t('offline.send')}
              </Button>
              <Button
                onClick={() => void reconcile()}
                disabled={!online || pending > 0 || busy !== '' || Boolean(state.reconciled)}
                data-testid="offline-reconcile"
              >
                {t('offline.reconcile')}
              </Button>
            </Stack>
            {state.bills.length > 0 && !pending && (
              <Alert severity="success" sx={{ mt: 1 }}>
                {t('offline.sent')}
              </Alert>
            )}
            {conflicts > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('offline.conflicts', { n: conflicts })}
              </Alert>
            )}
            {state.reconciled && (
              <Alert severity="info" sx={{ mt: 1 }} data-testid="offline-reconciled">
                {t('offline.reconciled', {
                  kg: state.reconciled.givenBackKg,
                  unused: state.reconciled.unused.join(', ') || t('offline.none'),
                })}
              </Alert>
            )}
          </Box>
        )}
        {loaded && !state && <Typography sx={{ mt: 1 }}>{t('offline.notPrepared')}</Typography>}
      </Paper>

      {state && !state.reconciled && (
        <>
          <TextField
            fullWidth
            size="small"
            name="offlineSearch"
            label={t('offline.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => void onSearchKey(e)}
            sx={{ mb: 1 }}
          />
          {billsLeft(state) <= 0 && <Alert severity="warning">{t('offline.blockUsed')}</Alert>}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{t('offline.farmer')}</TableCell>
                  <TableCell>{t('offline.quantity')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {matches.map((r) => {
                  const ref = refOf(r);
                  const token = state.checkins[ref];
                  const here = billedHere.get(ref);
                  return (
                    <TableRow key={ref} data-registration={r.registrationID}>
                      <TableCell>{r.registrationID}</TableCell>
                      <TableCell>
                        {r.name}
                        <Typography variant="body2" color="text.secondary">
                          {r.village} · {i18n.language === 'hi' && r.cropNameHi ? r.cropNameHi : r.cropName}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        {r.bagsRequested} {r.unit}
                      </TableCell>
                      <TableCell>
                        {here ? (
                          <Button size="small" onClick={() => setShown(here)} data-testid="offline-billed">
                            {here.action.invoiceNumber}
                          </Button>
                        ) : r.status === 'billed' ? (
                          <Chip size="small" color="success" label={r.invoiceNumber ?? t('offline.status.billed')} />
                        ) : token ? (
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <Chip size="small" color="info" label={token} data-testid="offline-token" />
                            <Button
                              size="small"
                              variant="contained"
                              onClick={() => setIssuing(r)}
                              disabled={billsLeft(state) <= 0}
                            >
                              {t('offline.issue')}
                            </Button>
                          </Stack>
                        ) : (
                          <Button size="small" variant="outlined" onClick={() => void checkIn(r)}>
                            {t('offline.checkIn')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </>
      )}

      {issuing && state && <IssueDialog row={issuing} state={state} onClose={() => setIssuing(null)} onConfirm={issue} />}

      {shown && state && (
        <OfflineBillDialog
          bill={shown}
          supplier={state.prepared.supplier}
          sellerName={state.prepared.sellerName}
          onClose={() => setShown(null)}
        />
      )}

      {isAdmin && online && <ConflictsSection />}
    </StaffPage>
  );
}
