import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_REQUIRED,
  AnnouncementInput,
  SEVERITIES,
  type AnnouncementResponse,
  type Severity,
} from '@shared/schemas/cms';
import { formatDateTime, indiaInputToIso, isoToIndiaInput } from '@shared/format';
import { useListQuery } from '@web/lib/use-list-query';
import { EditButton } from '@web/components/RowActions';
import { NativeSelectField } from '@web/components/FilterFields';
import { StaffPage } from '@web/components/StaffPage';
import type { StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { listAnnouncements, saveAnnouncement } from './api';
import { CmsEditorForm, CmsTable } from './CmsScreenParts';
import { useCmsEditor } from './use-cms-editor';

interface Form {
  announcementID: number;
  title: string;
  message: string;
  severity: Severity;
  /** datetime-local values in India time (whatever the device's zone), '' when empty */
  startAt: string;
  endAt: string;
  isActive: boolean;
}

/** ISO time -> value of an <input type="datetime-local"> in India time. */
const toLocalInput = isoToIndiaInput;

/** datetime-local value (India time) -> ISO time; '' stays '' (the schema turns an empty end time into null). */
const fromLocalInput = (value: string): string => (value ? (indiaInputToIso(value) ?? value) : '');

/** Where an active announcement stands against the clock (the home page shows only 'live' ones). */
function timing(a: AnnouncementResponse, now: string): 'live' | 'scheduled' | 'ended' {
  if (a.startAt > now) return 'scheduled';
  if (a.endAt && a.endAt <= now) return 'ended';
  return 'live';
}

const emptyForm = (): Form => ({
  announcementID: 0,
  title: '',
  message: '',
  severity: 'info',
  startAt: toLocalInput(new Date().toISOString()),
  endAt: '',
  isActive: true,
});

const toForm = (a: AnnouncementResponse): Form => ({
  announcementID: a.announcementID,
  title: a.title,
  message: a.message,
  severity: a.severity,
  startAt: toLocalInput(a.startAt),
  endAt: toLocalInput(a.endAt),
  isActive: a.isActive,
});

/** Announcements: a form (create, or update the row loaded by Edit) above the table of all announcements. */
export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin.nav.cmsAnnouncements'));
  const { rows, loadError, load } = useListQuery(['cms-announcements'], listAnnouncements, 'common.failedToLoad');
  const editor = useCmsEditor({
    empty: emptyForm,
    idOf: (f) => f.announcementID,
    schema: AnnouncementInput,
    toInput: (f: Form) => ({
      ...f,
      startAt: fromLocalInput(f.startAt),
      // An empty end time is sent as null.
      endAt: f.endAt ? fromLocalInput(f.endAt) : null,
    }),
    requiredMessage: ANNOUNCEMENT_REQUIRED,
    requiredText: t('cms.announcementRequired'),
    save: saveAnnouncement,
    reload: load,
  });
  const { form, editing, field, errorOf, edit } = editor;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('cms.noEnd'));

  const now = new Date().toISOString();
  const heading = editing ? t('cms.editingAnnouncement', { id: form.announcementID }) : t('cms.newAnnouncement');

  const columns: StaffColumn<AnnouncementResponse>[] = [
    { header: t('common.id'), cell: (row) => row.announcementID },
    { header: t('cms.title'), cell: (row) => row.title, sx: { wordBreak: 'break-word', minWidth: 160 } },
    { header: t('cms.severity'), cell: (row) => t(`cms.severities.${row.severity}`) },
    { header: t('cms.startAt'), cell: (row) => when(row.startAt), sx: { whiteSpace: 'nowrap' } },
    { header: t('cms.endAt'), cell: (row) => when(row.endAt), sx: { whiteSpace: 'nowrap' } },
    {
      header: t('cms.active'),
      sx: { whiteSpace: 'nowrap' },
      cell: (row) => (
        <>
          {row.isActive ? t('common.yes') : t('common.no')}
          {row.isActive && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t(`cms.timing.${timing(row, now)}`)}
            </Typography>
          )}
        </>
      ),
    },
    { header: t('common.actions'), align: 'right', cell: (row) => <EditButton onClick={() => edit(toForm(row))} /> },
  ];

  return (
    <StaffPage title={t('admin.nav.cmsAnnouncements')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('cms.homeNote')}
      </Typography>

      <CmsEditorForm heading={heading} columns="2fr 1fr" editor={editor}>
        <TextField
          label={t('cms.title')}
          name="title"
          size="small"
          required
          {...field('title')}
          slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.title } }}
        />
        <NativeSelectField label={t('cms.severity')} name="severity" {...field('severity')}>
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {t(`cms.severities.${s}`)}
            </option>
          ))}
        </NativeSelectField>
        <TextField
          label={t('cms.message')}
          name="message"
          size="small"
          required
          multiline
          minRows={3}
          {...field('message')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.message } }}
        />
        <TextField
          label={t('cms.startAt')}
          name="startAt"
          size="small"
          type="datetime-local"
          {...field('startAt')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('cms.endAt')}
          name="endAt"
          size="small"
          type="datetime-local"
          {...field('endAt')}
          helperText={errorOf('endAt') ?? t('cms.endAtHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </CmsEditorForm>

      <CmsTable
        editor={editor}
        loadError={loadError}
        label={t('admin.nav.cmsAnnouncements')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.announcementID}
        rowProps={(row) => ({ hover: true, selected: row.announcementID === form.announcementID })}
        emptyText={t('cms.noAnnouncements')}
      />
    </StaffPage>
  );
}
