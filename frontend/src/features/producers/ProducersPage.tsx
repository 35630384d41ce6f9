import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { maskAadhaar } from '@shared/format';
import {
  ADDRESS_MAX,
  NAME_MAX,
  PRODUCER_KINDS,
  ProducerInput,
  REGISTRATION_NUMBER_MAX,
  type ProducerKind,
  type ProducerResponse,
} from '@shared/schemas/producers';
import { errorMessage } from '@web/lib/api';
import { AADHAAR_INPUT_MAX, typedAadhaar } from '@shared/typed-numbers';
import { useActiveToggle } from '@web/lib/use-active-toggle';
import { useCatalogueList } from '@web/lib/use-catalogue-list';
import { useStaffForm } from '@web/lib/use-staff-form';
import { CatalogueListSection } from '@web/components/CatalogueListSection';
import { FeedbackAlerts } from '@web/components/FeedbackAlerts';
import { CatalogueRowActions } from '@web/components/RowActions';
import { SaveCancelButtons } from '@web/components/SaveCancelButtons';
import { FormPaper, StaffPage } from '@web/components/StaffPage';
import type { StaffColumn } from '@web/components/StaffTable';
import { StatusChip } from '@web/components/StatusActions';
import { usePageTitle } from '@web/components/use-page-title';
import { createProducer, getProducer, inactivateProducer, listProducers, restoreProducer, updateProducer } from './api';

interface FormState {
  kind: ProducerKind;
  name: string;
  aadhaarNumber: string;
  registrationNumber: string;
  contactNumber: string;
  address: string;
}
const EMPTY = (): FormState => ({
  kind: 'person',
  name: '',
  aadhaarNumber: '',
  registrationNumber: '',
  contactNumber: '',
  address: '',
});

/**
 * Producers: form plus list (search on Enter, include inactive, Refresh; Edit, Inactivate, Restore). A producer
 * is a person, known by their Aadhaar number, or an organisation (the institute's own farm, a society),
 * known by its registration number (docs/product-rules.md#a-producer-may-be-an-organisation-known-by-its-registration-number).
 */
export default function ProducersPage() {
  const { t } = useTranslation();
  usePageTitle(t('producers.title'));
  const list = useCatalogueList('producers', listProducers, 'producers.loadFailed');
  const { load } = list;
  const [editingId, setEditingId] = useState<number | null>(null);
  // The spec shows only the first problem of the producer form: one message, on its field.
  const {
    values,
    set,
    field,
    submit,
    busy,
    reset: resetForm,
    clearErrors,
    errorOf,
    feedback,
  } = useStaffForm({
    schema: ProducerInput,
    empty: EMPTY,
    save: (input: ProducerInput) => (editingId ? updateProducer(editingId, input) : createProducer(input)),
    savedMessage: () => t('catalogue.saved'),
    onSaved: async () => {
      setEditingId(null);
      await load();
    },
    firstErrorOnly: true,
    serverFields: 'first',
  });
  const { error, notice, clear, fail, closeError, closeNotice } = feedback;

  const reset = () => {
    resetForm();
    setEditingId(null);
  };

  const edit = async (row: ProducerResponse) => {
    clear();
    clearErrors();
    try {
      const p = await getProducer(row.producerID);
      setEditingId(p.producerID);
      resetForm({
        kind: p.kind,
        name: p.name,
        aadhaarNumber: p.aadhaarNumber ?? '',
        registrationNumber: p.registrationNumber,
        contactNumber: p.contactNumber,
        address: p.address,
      });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      fail(errorMessage(err, t('common.failedToLoad')));
    }
  };

  const toggle = useActiveToggle<ProducerResponse>({
    inactivate: (p) => inactivateProducer(p.producerID),
    restore: (p) => restoreProducer(p.producerID),
    reload: load,
    feedback,
  });

  const columns: StaffColumn<ProducerResponse>[] = [
    { header: t('common.id'), cell: (p) => p.producerID },
    { header: t('producers.name'), cell: (p) => p.name },
    { header: t('producers.address'), cell: (p) => p.address },
    {
      header: t('producerKinds.identity'),
      cell: (p) => (p.kind === 'organisation' ? p.registrationNumber : maskAadhaar(p.aadhaarLast4)),
      sx: { whiteSpace: 'nowrap' },
    },
    { header: t('producers.contact'), cell: (p) => p.contactNumber },
    { header: t('catalogue.status'), cell: (p) => <StatusChip active={p.isActive} /> },
    {
      header: t('common.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => (
        <CatalogueRowActions
          active={p.isActive}
          onEdit={() => void edit(p)}
          confirmMessage={t('producers.confirmInactivate', { name: p.name })}
          onToggle={() => void toggle(p)}
        />
      ),
    },
  ];

  return (
    <StaffPage title={t('producers.title')}>
      <FormPaper title={editingId ? t('producers.editTitle', { id: editingId }) : t('producers.addTitle')}>
        <Box
          component="form"
          aria-label={t('producers.addTitle')}
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            label={t('producers.name')}
            name="name"
            size="small"
            required
            {...field('name')}
            sx={{ flex: '2 1 200px' }}
            slotProps={{ htmlInput: { maxLength: NAME_MAX + 1 } }}
          />
          <TextField
            select
            label={t('producerKinds.kind')}
            name="kind"
            size="small"
            {...field('kind')}
            sx={{ flex: '1 1 200px' }}
          >
            {PRODUCER_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`producerKinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {values.kind === 'organisation' ? (
            <TextField
              label={t('producerKinds.registrationNumber')}
              name="registrationNumber"
              size="small"
              required
              {...field('registrationNumber')}
              helperText={errorOf('registrationNumber') ?? t('producerKinds.registrationNumberHelp')}
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { maxLength: REGISTRATION_NUMBER_MAX + 10 } }}
            />
          ) : (
            <TextField
              label={t('producers.aadhaar')}
              name="aadhaarNumber"
              size="small"
              required
              {...field('aadhaarNumber')}
              onChange={(e) => set('aadhaarNumber', typedAadhaar(e.target.value))}
              sx={{ flex: '1 1 160px' }}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: AADHAAR_INPUT_MAX } }}
            />
          )}
          <TextField
            label={t('producers.contact')}
            name="contactNumber"
            size="small"
            {...field('contactNumber')}
            helperText={errorOf('contactNumber') ?? t('producerKinds.contactHelp')}
            sx={{ flex: '1 1 200px' }}
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
          />
          <TextField
            label={t('producers.address')}
            name="address"
            size="small"
            {...field('address')}
            sx={{ flex: '3 1 260px' }}
            slotProps={{ htmlInput: { maxLength: ADDRESS_MAX + 1 } }}
          />
          <SaveCancelButtons busy={busy} editing={!!editingId} onCancel={reset} />
        </Box>
      </FormPaper>

      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <CatalogueListSection
        list={list}
        searchLabel={t('producerKinds.searchLabel')}
        searchSx={{ flex: '1 1 260px', maxWidth: 420 }}
        label={t('producers.title')}
        columns={columns}
        rowKey={(p) => p.producerID}
        rowProps={(p) => ({ hover: true, 'data-producer-id': p.producerID })}
      />
    </StaffPage>
  );
}
