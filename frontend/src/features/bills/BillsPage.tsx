import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatRupees, formatTime } from '@shared/format';
import type { CropDropdownItem } from '@shared/schemas/crops';
import { BILL_DEFAULT_TAKE, BILL_PAGE_SIZES, type InvoiceListReply, type InvoiceResponse } from '@shared/schemas/sales';
import { errorMessage } from '@web/lib/api';
import { checkFilters, type FilterProblem } from '@web/lib/filters';
import { compactTableSx, pinnedEndSx } from '@web/components/listTable';
import { usePageTitle } from '@web/components/usePageTitle';
import { to } from '@web/paths';
import { EMPTY_FILTERS, listBills, listCropChoices, listUserNames, openBillQr, type BillFilters } from './api';

/**
 * Bills (/admin/invoices): the filtered count and total over every matching bill, the filter form (Enter or
 * Search goes back to page 1), the table with View (bill page in a new tab) and QR (512 px PNG in a new tab),
 * and paging with sizes 10, 25, 50, 100. ?number= in the address filters by invoice number. The lot code
 * filter is an exact code (spec section 3 lists it as a filter field; partial matching is not asked for).
 * A year or date range the server would refuse is caught first: a plain message and no stale rows.
 * Dates are India's whatever the device's zone; View and QR stay pinned at the right edge of the table.
 */
const FILTER_RULES = { year: 'year' } as const;
const checkQuery = (f: BillFilters) =>
  checkFilters({ year: f.year, from: f.from, to: f.to }, FILTER_RULES, { from: 'from', to: 'to' });
const pinActions = pinnedEndSx();
/** A date box needs a whole row on a 360 px phone to show 'dd/mm/yyyy' beside its calendar button. */
const FULL_ROW_ON_PHONE = { gridColumn: { xs: '1 / -1', sm: 'auto' } } as const;

const kg = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);

export default function BillsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('bills.title'));
  const [params] = useSearchParams();
  const numberParam = params.get('number') ?? '';
  const [form, setForm] = useState<BillFilters>({ ...EMPTY_FILTERS, number: numberParam });
  const [query, setQuery] = useState({ filters: { ...EMPTY_FILTERS, number: numberParam }, skip: 0, take: BILL_DEFAULT_TAKE });
  const [data, setData] = useState<InvoiceListReply | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const [crops, setCrops] = useState<CropDropdownItem[]>([]);
  const [users, setUsers] = useState<{ userID: number; fullName: string }[]>([]);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(
    (q: typeof query) => {
      abort.current?.abort();
      const bad = checkQuery(q.filters);
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
      listBills(q.filters, q.skip, q.take, ctl.signal)
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

  useEffect(() => load(query), [query, load]);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    listCropChoices().then(
      (c) => setCrops(c.filter((x) => x.isActive)),
      () => setCrops([]),
    );
    listUserNames().then(setUsers, () => setUsers([]));
  }, []);

  // A new ?number= in the address (a link from another screen) filters by it.
  useEffect(() => {
    setForm((f) => (f.number === numberParam ? f : { ...f, number: numberParam }));
    setQuery((q) => (q.filters.number === numberParam ? q : { ...q, filters: { ...q.filters, number: numberParam }, skip: 0 }));
  }, [numberParam]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => ({ ...q, filters: { ...form }, skip: 0 }));
  };
  const set = (name: keyof BillFilters) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const showQr = (row: InvoiceResponse) => {
    // Opened at once (still inside the click) so that the browser does not block it as a pop-up.
    const win = window.open('about:blank', '_blank');
    openBillQr(row.invoiceID, win).catch((e) => {
      win?.close();
      setError(errorMessage(e, t('common.failedToLoad')));
    });
  };

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const from = total ? query.skip + 1 : 0;
  const last = Math.min(query.skip + query.take, total);
  const lang = i18n.language;
  const marked = (name: keyof BillFilters) => problem?.field === name;
  // No answer for these filters (refused before or by the server): no counts that belong to other filters.
  const failed = !data && Boolean(error);

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('bills.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1, visibility: failed ? 'hidden' : undefined }}>
        <Typography data-testid="bills-count" sx={{ fontWeight: 600 }}>
          {t('bills.results', { count: total })}
        </Typography>
        <Typography data-testid="bills-sum" sx={{ fontWeight: 600 }}>
          {t('bills.filteredTotal', { amount: formatRupees(data?.amountSum ?? 0) })}
        </Typography>
      </Box>

      <Paper variant="outlined" component="form" onSubmit={search} sx={{ p: 2, mb: 2 }} aria-label={t('bills.filters')}>
        {/* As many columns as fit with room for a whole date ('dd/mm/yyyy') and every label; two on a phone. */}
        <Box
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(168px, 1fr))' } }}
        >
          <TextField size="small" label={t('bills.number')} name="number" value={form.number} onChange={set('number')} />
          <TextField size="small" label={t('bills.lotCode')} name="lotCode" value={form.lotCode} onChange={set('lotCode')} />
          <TextField
            size="small"
            select
            label={t('bills.crop')}
            name="cropId"
            value={form.cropId}
            onChange={set('cropId')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('bills.allCrops')}</option>
            {crops.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('bills.year')}
            name="year"
            value={form.year}
            error={marked('year')}
            onChange={(e) => setForm((f) => ({ ...f, year: e.target.value.replace(/\D/g, '').slice(0, 4) }))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
          <TextField
            size="small"
            sx={FULL_ROW_ON_PHONE}
            type="date"
            label={t('bills.from')}
            name="from"
            value={form.from}
            onChange={set('from')}
            error={marked('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            sx={FULL_ROW_ON_PHONE}
            type="date"
            label={t('bills.to')}
            name="to"
            value={form.to}
            onChange={set('to')}
            error={marked('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            select
            label={t('bills.createdBy')}
            name="createdBy"
            value={form.createdBy}
            onChange={set('createdBy')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('bills.allUsers')}</option>
            {users.map((u) => (
              <option key={u.userID} value={String(u.userID)}>
                {u.fullName}
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t('bills.paymentMode')}
            name="paymentMode"
            value={form.paymentMode}
            onChange={set('paymentMode')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('bills.all')}</option>
            <option value="Cash">{t('bills.cash')}</option>
            <option value="Online">{t('bills.online')}</option>
          </TextField>
        </Box>
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained">
            {t('bills.search')}
          </Button>
        </Box>
      </Paper>

      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="bills-error">
          {error}
        </Alert>
      )}
      {data?.partial && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('bills.partial')}
        </Alert>
      )}
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label={t('app.loading')} />}

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('bills.title')} sx={compactTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('bills.number')}</TableCell>
              <TableCell>{t('bills.farmer')}</TableCell>
              <TableCell>{t('bills.lot')}</TableCell>
              <TableCell>{t('bills.crop')}</TableCell>
              <TableCell align="right">{t('bills.qty')}</TableCell>
              <TableCell align="right">{t('bills.rate')}</TableCell>
              <TableCell align="right">{t('bills.total')}</TableCell>
              <TableCell>{t('bills.createdBy')}</TableCell>
              <TableCell>{t('bills.date')}</TableCell>
              <TableCell align="right" sx={pinActions}>
                {t('bills.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((b) => (
              <TableRow key={b.invoiceNumber} hover data-invoice-number={b.invoiceNumber}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                    {b.paymentMode === 'Cash' ? (
                      <CurrencyRupeeIcon fontSize="small" color="success" titleAccess={t('bills.cash')} data-testid="mode-cash" />
                    ) : (
                      <CreditCardIcon
                        fontSize="small"
                        color="primary"
                        titleAccess={t('bills.online')}
                        data-testid="mode-online"
                      />
                    )}
                    {b.invoiceNumber}
                  </Box>
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>{b.farmerName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.lotCode}</TableCell>
                <TableCell>{b.cropName}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {kg(b.quantityKg)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('bills.quintal', { value: kg(b.quantityQuintal) })}
                  </Typography>
                </TableCell>
                <TableCell align="right">₹{formatRupees(b.pricePerUnit)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  ₹{formatRupees(b.totalAmount)}
                </TableCell>
                <TableCell>{b.createdByName || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(b.generatedOn, lang)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {formatTime(b.generatedOn, lang)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={pinActions}>
                  <Button
                    size="small"
                    sx={{ minWidth: 0, px: 1 }}
                    component={Link}
                    href={to.bill(b.invoiceNumber)}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('bills.view')}
                  </Button>
                  <Button size="small" sx={{ minWidth: 0, px: 1 }} onClick={() => showQr(b)}>
                    {t('bills.qr')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {!loading && !items.length && !error && (
              <TableRow>
                <TableCell colSpan={10}>{t('bills.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="bills-showing">
          {failed ? '—' : t('bills.showing', { from, to: last, total })}
        </Typography>
        <TextField
          size="small"
          select
          label={t('bills.pageSize')}
          name="take"
          value={String(query.take)}
          onChange={(e) => setQuery((q) => ({ ...q, skip: 0, take: Number(e.target.value) }))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 110 }}
        >
          {BILL_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </TextField>
        <Button
          size="small"
          disabled={loading || query.skip === 0}
          onClick={() => setQuery((q) => ({ ...q, skip: Math.max(0, q.skip - q.take) }))}
        >
          {t('bills.prev')}
        </Button>
        <Button
          size="small"
          disabled={loading || query.skip + query.take >= total}
          onClick={() => setQuery((q) => ({ ...q, skip: q.skip + q.take }))}
        >
          {t('bills.next')}
        </Button>
      </Box>
    </Box>
  );
}
