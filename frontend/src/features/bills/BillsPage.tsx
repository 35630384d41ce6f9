import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatRupees } from '@shared/format';
import { BILL_DEFAULT_TAKE, BILL_PAGE_SIZES, type InvoiceResponse } from '@shared/schemas/sales';
import { errorMessage } from '@web/lib/api';
import { checkFilters } from '@web/lib/filters';
import { usePagedSearch } from '@web/lib/use-paged-search';
import { PagingRow, SearchStatus } from '@web/components/PagedListParts';
import { NativeSelectField } from '@web/components/FilterFields';
import { ExportButton } from '@web/components/ExportButton';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { billQuery, EMPTY_FILTERS, listBills, listCropChoices, listUserNames, openBillQr, type BillFilters } from './api';
import { BillFiltersForm } from './BillFiltersForm';
import { BillsTable } from './BillsTable';
import { CancelBillDialog, type CancelAction, type IssuedCreditNote } from './CancelBillDialog';
import { CANCEL_REQUESTS_KEY, CancelRequestsSection } from './CancelRequestsSection';
import { hasAnyRole } from '@shared/roles';
import { useSession } from '@web/lib/session';
import { useFeedback } from '@web/lib/use-feedback';
import { FeedbackAlerts } from '@web/components/FeedbackAlerts';

/**
 * Bills (/admin/invoices): the filtered count and total over every matching bill, the filter form (Enter or
 * Search goes back to page 1), the table with View (bill page in a new tab) and QR (512 px PNG in a new tab),
 * and paging with sizes 10, 25, 50, 100. ?number= in the address filters by invoice number. The lot code
 * filter is an exact code (docs/product-rules.md#bills-page; partial matching is not asked for).
 * A year or date range the server would refuse is caught first: a plain message and no stale rows.
 * Dates are India's whatever the device's zone; View and QR stay pinned at the right edge of the table.
 */
const FILTER_RULES = { year: 'year' } as const;
interface BillQuery {
  filters: BillFilters;
  skip: number;
  take: number;
}
const checkQuery = ({ filters: f }: BillQuery) =>
  checkFilters({ year: f.year, from: f.from, to: f.to }, FILTER_RULES, { from: 'from', to: 'to' });
const fetchPage = (q: BillQuery, signal: AbortSignal) => listBills(q.filters, q.skip, q.take, signal);

export default function BillsPage() {
  const { t } = useTranslation();
  usePageTitle(t('bills.title'));
  const [params] = useSearchParams();
  const numberParam = params.get('number') ?? '';
  const [form, setForm] = useState<BillFilters>({ ...EMPTY_FILTERS, number: numberParam });
  const { query, data, loading, error, problem, search, previousPage, nextPage, showError } = usePagedSearch({
    name: 'bills',
    initial: { filters: { ...EMPTY_FILTERS, number: numberParam }, skip: 0, take: BILL_DEFAULT_TAKE },
    check: checkQuery,
    fetchPage,
  });
  const crops =
    useQuery({ queryKey: ['bill-crops'], queryFn: listCropChoices, select: (c) => c.filter((x) => x.isActive) }).data ?? [];
  const users = useQuery({ queryKey: ['bill-users'], queryFn: listUserNames }).data ?? [];
  // Cancelling: admins cancel (and decide sellers' requests), sellers ask.
  const roles = useSession()?.user.roles ?? [];
  const isAdminUser = hasAnyRole(roles, ['admin']);
  const [action, setAction] = useState<CancelAction | null>(null);
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const cancelAction = {
    label: isAdminUser ? t('bills.cancelRow') : t('bills.requestRow'),
    onClick: (b: InvoiceResponse) =>
      setAction({ kind: isAdminUser ? 'cancel' : 'request', invoiceID: b.invoiceID, invoiceNumber: b.invoiceNumber }),
  };
  // From a bill's page (?number=…&cancel=1): the dialog opens for that bill once the list shows it.
  const cancelAsked = params.get('cancel') === '1';
  const askedFor = useRef('');
  useEffect(() => {
    const bill = data?.items.length === 1 ? data.items[0] : undefined;
    if (!cancelAsked || !bill || bill.invoiceNumber !== numberParam || askedFor.current === numberParam) return;
    askedFor.current = numberParam;
    if (bill.status !== 'cancelled') cancelAction.onClick(bill);
  });
  // The credit note of the latest cancellation: its number in the success message is a link to it.
  const [issued, setIssued] = useState<IssuedCreditNote | null>(null);
  const actionDone = (message: string, creditNote?: IssuedCreditNote) => {
    setAction(null);
    feedback.succeed(message);
    setIssued(creditNote ?? null);
    void queryClient.invalidateQueries({ queryKey: CANCEL_REQUESTS_KEY });
    search((q) => ({ ...q }));
  };

  // A new ?number= in the address (a link from another screen) filters by it.
  useEffect(() => {
    setForm((f) => (f.number === numberParam ? f : { ...f, number: numberParam }));
    search((q) => (q.filters.number === numberParam ? q : { ...q, filters: { ...q.filters, number: numberParam }, skip: 0 }));
  }, [numberParam, search]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    search((q) => ({ ...q, filters: { ...form }, skip: 0 }));
  };

  const showQr = (row: InvoiceResponse) => {
    // Opened at once (still inside the click) so that the browser does not block it as a pop-up.
    const win = window.open('about:blank', '_blank');
    openBillQr(row.invoiceID, win).catch((e) => {
      win?.close();
      showError(errorMessage(e, t('common.failedToLoad')));
    });
  };

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const from = total ? query.skip + 1 : 0;
  const last = Math.min(query.skip + query.take, total);
  // No answer for these filters (refused before or by the server): no counts that belong to other filters.
  const failed = !data && Boolean(error);

  return (
    <StaffPage title={t('bills.title')}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1, visibility: failed ? 'hidden' : undefined }}>
        <Typography data-testid="bills-count" sx={{ fontWeight: 600 }}>
          {t('bills.results', { count: total })}
        </Typography>
        <Typography data-testid="bills-sum" sx={{ fontWeight: 600 }}>
          {t('bills.filteredTotal', { amount: formatRupees(data?.amountSum ?? 0) })}
        </Typography>
      </Box>

      {isAdminUser && <CancelRequestsSection onAction={setAction} />}
      <FeedbackAlerts
        error={feedback.error}
        onCloseError={feedback.closeError}
        notice={issued && feedback.notice.includes(issued.number) ? '' : feedback.notice}
        onCloseNotice={feedback.closeNotice}
      />
      {issued && feedback.notice.includes(issued.number) && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={feedback.closeNotice} data-testid="cancelled-notice">
          {feedback.notice.slice(0, feedback.notice.indexOf(issued.number))}
          <Link href={issued.href} target="_blank" rel="noopener" data-testid="cancelled-credit-note">
            {issued.number}
          </Link>
          {feedback.notice.slice(feedback.notice.indexOf(issued.number) + issued.number.length)}
        </Alert>
      )}
      {action && <CancelBillDialog action={action} onClose={() => setAction(null)} onDone={actionDone} />}

      <BillFiltersForm form={form} setForm={setForm} problem={problem} crops={crops} users={users} onSearch={onSearch} />

      {/* The file holds every bill the search found, with the filters last searched. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <ExportButton kind="invoices" query={billQuery(query.filters)} disabled={!data || !data.total} />
      </Box>

      <SearchStatus
        error={error}
        errorTestId="bills-error"
        partialText={data?.partial ? t('bills.partial') : null}
        loading={loading}
      />

      <BillsTable items={items} loading={loading} error={error} showQr={showQr} cancelAction={cancelAction} />

      <PagingRow
        summary={failed ? '—' : t('bills.showing', { from, to: last, total })}
        summaryTestId="bills-showing"
        page={query}
        total={total}
        loading={loading}
        onPrevious={previousPage}
        onNext={nextPage}
        previousLabel={t('bills.prev')}
        nextLabel={t('bills.next')}
      >
        <NativeSelectField
          label={t('bills.pageSize')}
          name="take"
          value={String(query.take)}
          onChange={(e) => search((q) => ({ ...q, skip: 0, take: Number(e.target.value) }))}
          sx={{ width: 110 }}
        >
          {BILL_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelectField>
      </PagingRow>
    </StaffPage>
  );
}
