import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { letterStatusView } from '@shared/allocation-status';
import { formatDateTime } from '@shared/format';
import type { RegistrationListReply, RegistrationRow } from '@shared/schemas/registration';
import { DEFAULT_REGISTRATION_PAGE_SIZE } from '@shared/schemas/registration-staff';
import { errorMessage } from '@web/lib/api';
import { checkFilters } from '@web/lib/filters';
import { usePagedSearch } from '@web/lib/use-paged-search';
import { PagingRow, SearchStatus } from '@web/components/PagedListParts';
import { ExportButton } from '@web/components/ExportButton';
import { StaffPage } from '@web/components/StaffPage';
import { usePageTitle } from '@web/components/use-page-title';
import { to } from '@web/paths';
import { aadhaarFileUrl, listRegistrations, registrationQuery, type RegistrationSearch } from './api';
import { CancelRegistrationDialog } from './CancelRegistrationDialog';
import { RegistrationMessagesDialog } from './RegistrationMessagesDialog';
import { FarmerLinkMenuItems } from './FarmerLinkMenuItems';
import { IssueSeedsDialog } from './IssueSeedsDialog';
import { IssuedNotice, type IssuedSale } from './IssuedNotice';
import { RegistrationFilters, type RegistrationFilterValues } from './RegistrationFilters';
import { mayIssueSeeds } from './may-issue-seeds';
import { RegistrationsTable } from './RegistrationsTable';

/**
 * Registrations (staff): search by id, name, Aadhaar, mobile, father, village, district, year, status and a
 * date-time range; pages of 25, 50 or 100 (default 50) with previous / next and the total; rows coloured by
 * billed state, with each one's status in the crop's stock; per row 'Issue seeds' (confirmed, unbilled rows,
 * as a button and in the menu), 'View Aadhaar' (a 60 s link to the scan), 'View Appointment' (the letter in a
 * new tab) and 'Cancel registration' (with a reason, while it may be cancelled). Selecting a confirmed,
 * unbilled row opens Issue Seeds too; a billed one alerts 'Bill already generated, Bill Number' and the number
 * (docs/product-rules.md#registrations-page). After a sale the page says so with the bill's number, Print and
 * View, and searches again (the row is billed). Filters the server would refuse are caught first, with a plain
 * message and no results left from an earlier search. Dates and times are India's, whatever the device's zone.
 */
const EMPTY: RegistrationFilterValues = {
  id: '',
  name: '',
  aadhaar: '',
  mobile: '',
  father: '',
  village: '',
  district: '',
  year: '',
  status: '',
  from: '',
  to: '',
};

const FILTER_RULES = { id: 'wholeNumber', aadhaar: 'aadhaarSearch', mobile: 'mobileSearch', year: 'year' } as const;
const checkQuery = (q: RegistrationSearch) =>
  checkFilters({ id: q.id, aadhaar: q.aadhaar, mobile: q.mobile, year: q.year, from: q.from, to: q.to }, FILTER_RULES, {
    from: 'from',
    to: 'to',
  });

export default function RegistrationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('registrations.title'));
  const [params] = useSearchParams();
  const idParam = params.get('id') ?? '';
  const [form, setForm] = useState<RegistrationFilterValues>({ ...EMPTY, id: idParam });
  const { query, data, loading, error, problem, search, previousPage, nextPage, showError } = usePagedSearch<
    RegistrationSearch,
    RegistrationListReply
  >({
    name: 'registrations',
    initial: { ...EMPTY, id: idParam, skip: 0, take: DEFAULT_REGISTRATION_PAGE_SIZE },
    check: checkQuery,
    fetchPage: listRegistrations,
  });
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: RegistrationRow } | null>(null);
  const [issueFor, setIssueFor] = useState<RegistrationRow | null>(null);
  const [issued, setIssued] = useState<IssuedSale | null>(null);
  const [cancelFor, setCancelFor] = useState<RegistrationRow | null>(null);
  const [messagesFor, setMessagesFor] = useState<RegistrationRow | null>(null);
  const [cancelledNote, setCancelledNote] = useState('');

  // A new ?id= in the address (e.g. a link from another screen) searches for it.
  useEffect(() => {
    setForm((f) => ({ ...f, id: idParam }));
    search((q) => (q.id === idParam ? q : { ...q, id: idParam, skip: 0 }));
  }, [idParam, search]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    search((q) => ({ ...form, skip: 0, take: q.take }));
  };
  const onReset = () => {
    setForm(EMPTY);
    search(() => ({ ...EMPTY, skip: 0, take: DEFAULT_REGISTRATION_PAGE_SIZE }));
  };

  const viewAadhar = async (row: RegistrationRow) => {
    setMenu(null);
    // A PDF scan comes as an attachment (saved, never opened in the browser): no tab for it, the download
    // starts from this page. A photo opens in a new tab, opened before the await so that the browser does
    // not treat it as an unrequested pop-up.
    if (row.adharFilePath.toLowerCase().endsWith('.pdf')) {
      try {
        window.location.assign(await aadhaarFileUrl(row.id, row.year));
      } catch (e) {
        showError(errorMessage(e, t('common.failedToLoad')));
      }
      return;
    }
    const win = window.open('about:blank', '_blank');
    try {
      const url = await aadhaarFileUrl(row.id, row.year);
      if (win) win.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      win?.close();
      showError(errorMessage(e, t('common.failedToLoad')));
    }
  };
  /**
   * A row was selected: Issue Seeds for a confirmed, unbilled registration; a billed one cannot be issued
   * again; the others (waiting, applied, expired, cancelled) have no seed to issue.
   */
  const select = (row: RegistrationRow) => {
    if (row.isBilled) window.alert(t('staffChecks.billAlreadyGenerated', { number: row.invoiceNumber || '—' }));
    else if (mayIssueSeeds(row)) openIssue(row);
    else window.alert(t('registrations.notConfirmed', { status: t(`registrations.statuses.${row.status}`) }));
  };
  const openCancel = (row: RegistrationRow) => {
    setMenu(null);
    setCancelledNote('');
    setCancelFor(row);
  };
  const onCancelled = (row: RegistrationRow) => {
    setCancelFor(null);
    setCancelledNote(t('registrations.cancelledNotice', { id: row.id, year: row.year }));
    search((q) => ({ ...q }));
  };
  const openIssue = (row: RegistrationRow) => {
    setMenu(null);
    setIssueFor(row);
  };
  const onIssued = (row: RegistrationRow, invoiceNumber: string) => {
    setIssueFor(null);
    setIssued({ invoiceNumber, farmer: row.name, registration: `${row.id}/${row.year}` });
    search((q) => ({ ...q }));
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

  return (
    <StaffPage title={t('registrations.title')}>
      {issued && <IssuedNotice sale={issued} onClose={() => setIssued(null)} />}
      {cancelledNote && (
        <Alert
          severity="success"
          role="status"
          onClose={() => setCancelledNote('')}
          sx={{ mb: 2 }}
          data-testid="cancelled-notice"
        >
          {cancelledNote}
        </Alert>
      )}
      <RegistrationFilters
        form={form}
        setForm={setForm}
        problem={problem}
        take={query.take}
        onPageSize={(take) => search(() => ({ ...form, skip: 0, take }))}
        onSearch={onSearch}
        onReset={onReset}
      />

      {/* The file holds every registration the search found, with the filters last searched. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <ExportButton kind="registrations" query={registrationQuery(query)} disabled={!data || !data.total} />
      </Box>

      <SearchStatus
        error={error}
        errorTestId="registrations-error"
        partialText={
          data?.partial
            ? t('registrations.partial', { from: data.searchedFrom ? formatDateTime(data.searchedFrom, lang) : '' })
            : null
        }
        loading={loading}
      />

      <RegistrationsTable
        items={items}
        loading={loading}
        error={error}
        select={select}
        onIssue={openIssue}
        onMenu={(anchor, row) => setMenu({ anchor, row })}
      />
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu && mayIssueSeeds(menu.row) && (
          <MenuItem onClick={() => openIssue(menu.row)}>{t('registrations.issueSeeds')}</MenuItem>
        )}
        <MenuItem onClick={() => menu && void viewAadhar(menu.row)}>{t('registrations.viewAadhar')}</MenuItem>
        <MenuItem onClick={() => menu && viewAppointment(menu.row)}>{t('registrations.viewAppointment')}</MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) setMessagesFor(menu.row);
            setMenu(null);
          }}
        >
          {t('sms.registration.menu')}
        </MenuItem>
        {menu && (
          <FarmerLinkMenuItems
            row={menu.row}
            onDone={(note) => {
              setMenu(null);
              setCancelledNote(note);
              search((q) => ({ ...q }));
            }}
            onError={(message) => {
              setMenu(null);
              showError(message);
            }}
          />
        )}
        {menu && letterStatusView(menu.row).mayCancel && (
          <MenuItem onClick={() => openCancel(menu.row)} sx={{ color: 'error.main' }}>
            {t('registrations.cancelRegistration')}
          </MenuItem>
        )}
      </Menu>
      {messagesFor && <RegistrationMessagesDialog row={messagesFor} onClose={() => setMessagesFor(null)} />}
      {cancelFor && (
        <CancelRegistrationDialog row={cancelFor} onClose={() => setCancelFor(null)} onCancelled={() => onCancelled(cancelFor)} />
      )}
      {issueFor && (
        <IssueSeedsDialog
          row={issueFor}
          onClose={() => setIssueFor(null)}
          onIssued={(sale) => onIssued(issueFor, sale.invoiceNumber)}
        />
      )}

      <PagingRow
        summary={!data && error ? '—' : t('registrations.showing', { from, to: toRow, total })}
        summaryTestId="registrations-total"
        page={query}
        total={total}
        loading={loading}
        onPrevious={previousPage}
        onNext={nextPage}
        previousLabel={t('registrations.previous')}
        nextLabel={t('registrations.next')}
      />
    </StaffPage>
  );
}
