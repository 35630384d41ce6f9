import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel } from '@shared/crop-rules';
import { CHECKIN_REFUSALS, type CheckinInput, type TodayRow, type TodayStatus } from '@shared/schemas/counter';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { ApiError, call, errorMessage } from '@web/lib/api';
import { loadQueueMessages } from '@web/lib/i18n';
import { storedCounterName } from '@web/lib/counter-name';
import { kolkataDateTime } from '@shared/kolkata-date-time';
import { indiaLongDay } from '@shared/india-day';
import { ExportButton } from '@web/components/ExportButton';
import { paths, to } from '@web/paths';
import { CheckinOutcomePanel, type CheckinOutcome } from './CheckinOutcomePanel';
import { CounterNameDialog } from './CounterNameDialog';
import { CounterSettings } from './CounterSettings';
import { ScanLetterDialog } from './ScanLetterDialog';
import { DAY_CLOSED_ID, TodayDayHeader } from './TodayDayHeader';
import { TodayIssueDialog } from './TodayIssueDialog';
import { checkinOf, enterAction, matchesSearch } from './today-row';

const STATUSES: readonly TodayStatus[] = ['expected', 'arrived', 'billed', 'no-show'];
const CHIP_COLOR = { expected: 'default', arrived: 'info', billed: 'success', 'no-show': 'warning' } as const;
/** A check-in's refusals, and serving a farmer who has not been checked in. */
const REFUSALS = [...CHECKIN_REFUSALS, 'not-checked-in'] as const;
type Refusal = (typeof REFUSALS)[number];

/** How often today's list is read again while the page is open (other counters check in and sell too). */
const REFRESH_MS = 15_000;

const listToday = (date: string, shift: number | undefined, signal: AbortSignal) =>
  call('GET /api/today', { query: { date: date || undefined, shift }, signal });
const checkIn = (body: CheckinInput) => call('POST /api/checkin', { body });
const serve = (row: TodayRow, counter: string) =>
  call('POST /api/queue/serve', { body: { registrationId: row.registrationId, year: row.year, counter } });

function StatusOf({ row }: { row: TodayRow }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={CHIP_COLOR[row.status]}
      variant={row.status === 'expected' ? 'outlined' : 'filled'}
      label={t(`today.status.${row.status}`)}
    />
  );
}

/**
 * Today at the counter (/admin/today): the day's farmers by shift with their status and counts; check-in by
 * scanning the letter (camera or USB scanner into the search field) or by the number typed, which gives the
 * farmer the day's next token; Issue on a checked-in row calls the token at this counter and opens the sale.
 */
export default function TodayPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('today.title'));
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [shift, setShift] = useState(0);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<CheckinOutcome | null>(null);
  const [issuing, setIssuing] = useState<TodayRow | null>(null);
  const [actionError, setActionError] = useState('');
  const [naming, setNaming] = useState<TodayRow | null>(null);
  const [counterName, setCounterName] = useState(storedCounterName);
  const searchField = useRef<HTMLInputElement>(null);

  // The token slip prints in Hindi and English together: the queue's texts of both languages.
  useEffect(() => void loadQueueMessages().catch(() => undefined), []);
  // Back from the camera, the field takes the next scan (the dialog does not hand the focus back to its button).
  useEffect(() => {
    if (!scanning) searchField.current?.focus();
  }, [scanning]);

  const list = useQuery({
    queryKey: ['today', date, shift],
    queryFn: ({ signal }) => listToday(date, shift || undefined, signal),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['today'] });
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  // The day shown, as the server answered it (the box is never empty once the list is in).
  const shownDay = list.data?.date ?? date;
  const isToday = list.data ? list.data.date === list.data.today : !date;
  const dayClosed = list.data?.dayClosed ?? null;

  /** Every refusal in the page's language (the server's own words only go to the console). */
  const refusalText = (e: unknown): string => {
    console.warn('counter refusal', e);
    if (!(e instanceof ApiError)) return t('today.refusedOther');
    if (e.code === 'billed' && e.fields?.invoiceNumber) return t('today.billedBill', { invoice: e.fields.invoiceNumber });
    if (e.code === 'other-day' && e.fields?.appointmentDate)
      return t('today.otherDayOn', { day: indiaLongDay(e.fields.appointmentDate, lang) });
    if (REFUSALS.includes(e.code as Refusal)) return t(`today.refusal.${e.code as Refusal}`);
    if (e.status === 400) return t('today.notALetter');
    return t('today.refusedOther');
  };

  /** After every scan or Enter, accepted or refused, the field is empty and keeps the focus for the next one. */
  const readyForNextScan = () => {
    setSearch('');
    searchField.current?.focus();
  };

  const checkin = useMutation({ mutationFn: checkIn });
  const runCheckin = async (body: CheckinInput) => {
    setActionError('');
    try {
      const reply = await checkin.mutateAsync(body);
      setOutcome({ kind: 'done', reply });
    } catch (e) {
      setOutcome({ kind: 'refused', text: refusalText(e) });
    } finally {
      reload();
    }
  };

  const onEnter = () => {
    const action = enterAction(search, list.data?.items ?? []);
    if ('pick' in action) {
      // Nobody is checked in: the rows the text matches stay listed for the clerk to pick from.
      const text = action.mobile
        ? t(action.pick ? 'counterDesk.sharedMobile' : 'counterDesk.noMobile')
        : action.pick
          ? t('counterDesk.pickSome', { count: action.pick })
          : t('counterDesk.pickNone');
      setOutcome({ kind: 'hint', text });
      return;
    }
    readyForNextScan();
    void runCheckin(action);
  };

  const serving = useMutation({ mutationFn: ({ row, at }: { row: TodayRow; at: string }) => serve(row, at) });
  const openIssue = async (row: TodayRow, at = storedCounterName()) => {
    setActionError('');
    if (dayClosed) return;
    if (!at) {
      setNaming(row);
      return;
    }
    try {
      await serving.mutateAsync({ row, at });
      setIssuing(row);
    } catch (e) {
      setActionError(refusalText(e));
    } finally {
      reload();
    }
  };

  const rows = (list.data?.items ?? []).filter((r) => matchesSearch(r, search));
  const counts = list.data?.counts;
  const shiftLabel = (n: 1 | 2) => {
    const label = list.data?.items.find((r) => r.shift === n)?.shiftLabel;
    return label ? `${t('today.shift', { n })} · ${label}` : t('today.shift', { n });
  };

  return (
    <StaffPage title={t('today.title')}>
      <TodayDayHeader
        day={shownDay}
        isToday={isToday}
        listed={Boolean(list.data)}
        dayClosed={dayClosed}
        onToday={() => setDate('')}
      />
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
        aria-label={t('today.counts')}
        role="group"
        data-testid="today-counts"
      >
        {STATUSES.map((s) => (
          <Chip
            key={s}
            color={CHIP_COLOR[s]}
            variant={s === 'expected' ? 'outlined' : 'filled'}
            label={`${t(`today.status.${s}`)}: ${counts?.[s] ?? '–'}`}
            sx={{ fontSize: '1rem', height: 36 }}
          />
        ))}
        <Chip variant="outlined" label={`${t('today.total')}: ${counts?.total ?? '–'}`} sx={{ fontSize: '1rem', height: 36 }} />
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            label={t('today.search')}
            name="todaySearch"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            inputRef={searchField}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              onEnter();
            }}
            helperText={t('today.searchHelp')}
            autoFocus
            autoComplete="off"
            sx={{ flex: '1 1 18rem' }}
          />
          <Button
            variant="contained"
            size="large"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => setScanning(true)}
            sx={{ minHeight: 56 }}
          >
            {t('today.scan')}
          </Button>
          <TextField
            type="date"
            label={t('today.date')}
            name="todayDate"
            value={date || list.data?.date || ''}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: '11rem' }}
          />
          <ExportButton
            kind="today"
            query={{ date: date || undefined, shift: shift || undefined }}
            disabled={!list.data || !list.data.items.length}
          />
        </Box>
        {outcome && <CheckinOutcomePanel outcome={outcome} onClose={() => setOutcome(null)} />}
        <CounterSettings key={counterName} />
      </Paper>

      <Tabs value={shift} onChange={(_, v: number) => setShift(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1 }}>
        <Tab value={0} label={t('today.allShifts')} />
        <Tab value={1} label={shiftLabel(1)} />
        <Tab value={2} label={shiftLabel(2)} />
      </Tabs>

      {actionError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setActionError('')}>
          {actionError}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{errorMessage(list.error, t('common.failedToLoad'))}</Alert>}

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('today.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('today.columns.token')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('today.columns.number')}</TableCell>
              <TableCell>{t('today.columns.name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('today.columns.crop')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('today.columns.quantity')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('today.columns.shift')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('today.columns.status')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('today.columns.arrived')}</TableCell>
              <TableCell>{t('today.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={9}>{search ? t('today.noMatch') : t('today.empty')}</TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={`${r.year}-${r.registrationId}`} data-registration={r.registrationId}>
                <TableCell sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{r.token ?? ''}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {r.number}/{r.year}
                </TableCell>
                <TableCell>
                  <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
                    {r.number}/{r.year}
                  </Box>
                  {r.name}
                  {r.otherDay && <Chip size="small" label={t('today.otherDay')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{cropLabel(r, i18n.language)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {quantityLabel(r.bagsRequested, r.unit, i18n.language === 'hi' ? 'hi' : 'en')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.shift ?? ''}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <StatusOf row={r} />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {r.arrivedAt ? kolkataDateTime(r.arrivedAt, i18n.language) : ''}
                </TableCell>
                <TableCell sx={{ px: { xs: 1, sm: 2 } }}>
                  <Box sx={{ display: { xs: 'block', sm: 'none' }, mb: 0.5 }}>
                    <StatusOf row={r} />
                  </Box>
                  {r.status === 'expected' && isToday && (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => void runCheckin({ registrationId: r.registrationId, year: r.year })}
                    >
                      {t('today.checkIn')}
                    </Button>
                  )}
                  {r.status === 'arrived' && (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={serving.isPending || Boolean(dayClosed)}
                      aria-describedby={dayClosed ? DAY_CLOSED_ID : undefined}
                      onClick={() => void openIssue(r)}
                    >
                      {t('today.issue')}
                    </Button>
                  )}
                  {r.status === 'arrived' && dayClosed && (
                    <Typography variant="caption" component="p" color="warning.dark">
                      {t('counterDesk.dayClosedShort')}
                    </Typography>
                  )}
                  {r.status === 'billed' && r.invoiceNumber && (
                    <Button size="small" href={to.bill(r.invoiceNumber)} target="_blank" rel="noopener">
                      {t('today.viewBill')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ mt: 2 }}>
        <Button href={paths.queue} target="_blank" rel="noopener">
          {t('today.queueLink')}
        </Button>
      </Box>

      {scanning && (
        <ScanLetterDialog
          onClose={() => setScanning(false)}
          onScanned={(text) => {
            setScanning(false);
            readyForNextScan();
            const body = checkinOf(text);
            if (body) void runCheckin(body);
            else setOutcome({ kind: 'refused', text: t('today.notALetter') });
          }}
        />
      )}
      {issuing && (
        <TodayIssueDialog
          row={issuing}
          onClose={() => {
            setIssuing(null);
            reload();
          }}
          onIssued={reload}
        />
      )}
      {naming && (
        <CounterNameDialog
          onClose={() => setNaming(null)}
          onNamed={(name) => {
            setCounterName(name);
            setNaming(null);
            void openIssue(naming, name);
          }}
        />
      )}
    </StaffPage>
  );
}
