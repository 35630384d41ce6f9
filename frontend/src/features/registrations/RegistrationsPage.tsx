import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { quantityLabel } from '@shared/crop-rules';
import { UP_DISTRICTS } from '@shared/districts';
import { formatDate, formatDateTime, formatDay, formatTime } from '@shared/format';
import {
  DEFAULT_REGISTRATION_PAGE_SIZE,
  NAME_MAX,
  PLACE_MAX,
  REGISTRATION_PAGE_SIZES,
  type RegistrationListReply,
  type RegistrationRow,
} from '@shared/schemas/registration';
import { errorMessage } from '@web/lib/api';
import { checkFilters, type FilterProblem } from '@web/lib/filters';
import { compactTableSx, pinnedEndSx, tallListBoxSx } from '@web/components/listTable';
import { usePageTitle } from '@web/components/usePageTitle';
import { to } from '@web/paths';
import { aadhaarFileUrl, listRegistrations, type RegistrationSearch } from './api';
import { IssueSeedsDialog } from './IssueSeedsDialog';

/**
 * Registrations (staff): search by id, name, Aadhaar, father, village, district, year and a date-time
 * range; pages of 25, 50 or 100 (default 50) with previous / next and the total; rows coloured by billed
 * state; per row 'View Aadhar' (a 60 s link to the scan) and 'View Appointment' (the letter in a new tab).
 * Columns the counter needs (name, crop, quantity, appointment, shift) come first; on a laptop the
 * identity details after them scroll sideways under the pinned Billed and Actions columns.
 * Selecting an unbilled row opens Issue Seeds; a billed one alerts 'Bill already generated, Bill Number'
 * and the number (spec section 4). Filters the server would refuse are caught first, with a plain message
 * and no results left from an earlier search. Dates and times are India's, whatever the device's zone.
 */
type Filters = Omit<RegistrationSearch, 'skip' | 'take'>;
const EMPTY: Filters = { id: '', name: '', aadhaar: '', father: '', village: '', district: '', year: '', from: '', to: '' };

const FILTER_RULES = { id: 'wholeNumber', aadhaar: 'aadhaarSearch', year: 'year' } as const;
const checkQuery = (q: Filters) =>
  checkFilters({ id: q.id, aadhaar: q.aadhaar, year: q.year, from: q.from, to: q.to }, FILTER_RULES, { from: 'from', to: 'to' });

/** Row colours by billed state: solid, so that the pinned Billed and Actions cells can take them too. */
const ROW_COLOURS = {
  billed: { backgroundColor: '#e9f2e9', '&.MuiTableRow-hover:hover': { backgroundColor: '#dde9dd' } },
  unbilled: { backgroundColor: '#fdf4ec', '&.MuiTableRow-hover:hover': { backgroundColor: '#f7e9dc' } },
} as const;
/** A date-time box ('dd/mm/yyyy, --:-- --' and its calendar button) takes a whole row on a phone, two columns on a laptop. */
const DATE_TIME_BOX = { gridColumn: { xs: '1 / -1', sm: 'auto', md: 'span 2' } } as const;
/** The pinned columns at the right edge: Actions (last) and Billed before it. */
const ACTIONS_WIDTH = 56;
const BILLED_WIDTH = 68;
const pinActions = pinnedEndSx({ width: ACTIONS_WIDTH, inheritBackground: true, edge: false });
const pinBilled = pinnedEndSx({ right: ACTIONS_WIDTH, width: BILLED_WIDTH, inheritBackground: true });

export default function RegistrationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('registrations.title'));
  const [params] = useSearchParams();
  const initial: Filters = { ...EMPTY, id: params.get('id') ?? '' };
  const [form, setForm] = useState<Filters>(initial);
  const [query, setQuery] = useState<RegistrationSearch>({ ...initial, skip: 0, take: DEFAULT_REGISTRATION_PAGE_SIZE });
  const [data, setData] = useState<RegistrationListReply | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: RegistrationRow } | null>(null);
  const [issueFor, setIssueFor] = useState<RegistrationRow | null>(null);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(
    (q: RegistrationSearch) => {
      abort.current?.abort();
      // Filters the server would refuse: say so plainly, search nothing and show no rows of older filters.
      const bad = checkQuery(q);
      setProblem(bad);
      if (bad) {
        abort.current = null;
        setData(null);
        setLoading(false);
        setError(t(bad.messageKey));
        return;
      }
      const ctl = new AbortController();
      abort.current = ctl;
      setLoading(true);
      setError('');
      listRegistrations(q, ctl.signal)
        .then((r) => !ctl.signal.aborted && setData(r))
        .catch((e) => {
          if (ctl.signal.aborted) return;
          setData(null);
          setError(errorMessage(e, t('common.failedToLoad')));
        })
        .finally(() => !ctl.signal.aborted && setLoading(false));
    },
    [t],
  );

  useEffect(() => {
    load(query);
  }, [query, load]);
  useEffect(() => () => abort.current?.abort(), []);

  // A new ?id= in the address (e.g. a link from another screen) searches for it.
  const idParam = params.get('id') ?? '';
  useEffect(() => {
    setForm((f) => ({ ...f, id: idParam }));
    setQuery((q) => (q.id === idParam ? q : { ...q, id: idParam, skip: 0 }));
  }, [idParam]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => ({ ...form, skip: 0, take: q.take }));
  };
  const reset = () => {
    setForm(EMPTY);
    setQuery({ ...EMPTY, skip: 0, take: DEFAULT_REGISTRATION_PAGE_SIZE });
  };
  const setField = (name: keyof Filters) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const viewAadhar = async (row: RegistrationRow) => {
    setMenu(null);
    // Opened before the await so that the browser does not treat it as an unrequested pop-up.
    const win = window.open('about:blank', '_blank');
    try {
      const url = await aadhaarFileUrl(row.id, row.year);
      if (win) win.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      win?.close();
      setError(errorMessage(e, t('common.failedToLoad')));
    }
  };
  /** A row was selected: Issue Seeds for an unbilled registration; a billed one cannot be issued again. */
  const select = (row: RegistrationRow) => {
    if (row.isBilled) window.alert(t('staffChecks.billAlreadyGenerated', { number: row.invoiceNumber || '—' }));
    else setIssueFor(row);
  };
  const viewAppointment = (row: RegistrationRow) => {
    setMenu(null);
    window.open(to.appointment(row.uniqeCode, row.id), '_blank', 'noopener');
  };

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const from = total ? query.skip + 1 : 0;
  const toRow = Math.min(query.skip + query.take, total);
  const lang = i18n.language;
  const marked = (name: keyof Filters) => problem?.field === name;

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('registrations.title')}
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={search} sx={{ p: 2, mb: 2 }} aria-label={t('registrations.search')}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
          <TextField
            size="small"
            label={t('registrations.id')}
            name="id"
            value={form.id}
            onChange={setField('id')}
            error={marked('id')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            size="small"
            label={t('registrations.name')}
            name="name"
            value={form.name}
            onChange={setField('name')}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
          <TextField
            size="small"
            label={t('registrations.aadhaar')}
            name="aadhaar"
            value={form.aadhaar}
            error={marked('aadhaar')}
            onChange={(e) => setForm((f) => ({ ...f, aadhaar: e.target.value.replace(/\D/g, '').slice(0, 12) }))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          />
          <TextField
            size="small"
            label={t('registrations.father')}
            name="father"
            value={form.father}
            onChange={setField('father')}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
          <TextField
            size="small"
            label={t('registrations.village')}
            name="village"
            value={form.village}
            onChange={setField('village')}
            slotProps={{ htmlInput: { maxLength: PLACE_MAX } }}
          />
          <TextField
            size="small"
            select
            label={t('registrations.district')}
            name="district"
            value={form.district}
            onChange={setField('district')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('registrations.allDistricts')}</option>
            {UP_DISTRICTS.map((d) => (
              <option key={d.en} value={d.en}>
                {d.en} ({d.hi})
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('registrations.year')}
            name="year"
            value={form.year}
            onChange={setField('year')}
            error={marked('year')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
          <TextField
            size="small"
            sx={DATE_TIME_BOX}
            type="datetime-local"
            label={t('registrations.from')}
            name="from"
            value={form.from}
            onChange={setField('from')}
            error={marked('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            sx={DATE_TIME_BOX}
            type="datetime-local"
            label={t('registrations.to')}
            name="to"
            value={form.to}
            onChange={setField('to')}
            error={marked('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            select
            label={t('registrations.pageSize')}
            name="take"
            value={String(query.take)}
            onChange={(e) => setQuery((q) => ({ ...form, skip: 0, take: Number(e.target.value) }))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {REGISTRATION_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained">
            {t('registrations.search')}
          </Button>
          <Button type="button" onClick={reset}>
            {t('registrations.reset')}
          </Button>
        </Box>
      </Paper>

      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="registrations-error">
          {error}
        </Alert>
      )}
      {data?.partial && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('registrations.partial', { from: data.searchedFrom ? formatDateTime(data.searchedFrom, lang) : '' })}
        </Alert>
      )}
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label={t('app.loading')} />}

      <TableContainer component={Paper} variant="outlined" sx={tallListBoxSx}>
        <Table size="small" stickyHeader aria-label={t('registrations.title')} sx={compactTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('registrations.id')}</TableCell>
              <TableCell>{t('registrations.year')}</TableCell>
              <TableCell>{t('registrations.name')}</TableCell>
              <TableCell>{t('registrations.father')}</TableCell>
              <TableCell>{t('registrations.crop')}</TableCell>
              <TableCell align="right">{t('registrations.bags')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('registrations.appointment')}</TableCell>
              <TableCell>{t('registrations.shift')}</TableCell>
              <TableCell>{t('registrations.aadhaar')}</TableCell>
              <TableCell>{t('registrations.mobile')}</TableCell>
              <TableCell>{t('registrations.village')}</TableCell>
              <TableCell>{t('registrations.district')}</TableCell>
              <TableCell>{t('registrations.created')}</TableCell>
              <TableCell sx={pinBilled}>{t('registrations.billed')}</TableCell>
              <TableCell align="right" sx={pinActions}>
                {t('registrations.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((r) => (
              <TableRow
                key={`${r.year}-${r.id}`}
                hover
                data-billed={r.isBilled ? 'yes' : 'no'}
                title={r.isBilled ? t('registrations.billedRow') : t('registrations.unbilledRow')}
                sx={{ ...(r.isBilled ? ROW_COLOURS.billed : ROW_COLOURS.unbilled), cursor: 'pointer' }}
                onClick={(e: MouseEvent<HTMLElement>) =>
                  !(e.target as HTMLElement).closest('a, button, [role=menu]') && select(r)
                }
              >
                <TableCell>{r.id}</TableCell>
                <TableCell>{r.year}</TableCell>
                <TableCell sx={{ minWidth: 130 }}>{r.name}</TableCell>
                <TableCell sx={{ minWidth: 100 }}>{r.fatherName}</TableCell>
                <TableCell>{r.cropName}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {quantityLabel(r.bagsRequested, r.unit, lang === 'hi' ? 'hi' : 'en')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(r.appointmentDate || r.appointmentDateTime, lang)}</TableCell>
                <TableCell sx={{ minWidth: 175, maxWidth: 200 }}>{r.appointmentShift}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.adharNumber}</TableCell>
                <TableCell>{r.mobileNumber}</TableCell>
                <TableCell>{r.village}</TableCell>
                <TableCell>{r.district}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.created, lang)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {formatTime(r.created, lang)}
                  </Typography>
                </TableCell>
                <TableCell sx={pinBilled}>
                  {r.isBilled && r.invoiceNumber ? (
                    <Link href={to.bill(r.invoiceNumber)} target="_blank" rel="noopener">
                      {t('registrations.view')}
                    </Link>
                  ) : (
                    t('common.no')
                  )}
                </TableCell>
                <TableCell align="right" sx={pinActions}>
                  <IconButton
                    size="small"
                    aria-label={t('registrations.rowMenu', { id: r.id })}
                    onClick={(e: MouseEvent<HTMLElement>) => setMenu({ anchor: e.currentTarget, row: r })}
                  >
                    <MoreVertIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {!loading && !items.length && !error && (
              <TableRow>
                <TableCell colSpan={15}>{t('registrations.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => menu && void viewAadhar(menu.row)}>{t('registrations.viewAadhar')}</MenuItem>
        <MenuItem onClick={() => menu && viewAppointment(menu.row)}>{t('registrations.viewAppointment')}</MenuItem>
      </Menu>
      {issueFor && <IssueSeedsDialog row={issueFor} onClose={() => setIssueFor(null)} />}

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="registrations-total">
          {!data && error ? '—' : t('registrations.showing', { from, to: toRow, total })}
        </Typography>
        <Button
          size="small"
          disabled={loading || query.skip === 0}
          onClick={() => setQuery((q) => ({ ...q, skip: Math.max(0, q.skip - q.take) }))}
        >
          {t('registrations.previous')}
        </Button>
        <Button
          size="small"
          disabled={loading || query.skip + query.take >= total}
          onClick={() => setQuery((q) => ({ ...q, skip: q.skip + q.take }))}
        >
          {t('registrations.next')}
        </Button>
      </Box>
    </Box>
  );
}
