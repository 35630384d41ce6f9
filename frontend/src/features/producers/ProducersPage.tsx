import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { maskAadhaar } from '@shared/format';
import { ADDRESS_MAX, NAME_MAX, ProducerInput, type ProducerResponse } from '@shared/schemas/producers';
import { errorMessage } from '@web/lib/api';
import { useActiveToggle } from '@web/lib/useActiveToggle';
import { useListQuery } from '@web/lib/useListQuery';
import { useStaffForm } from '@web/lib/useStaffForm';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { ListToolbar } from '@web/components/ListToolbar';
import { SaveCancelButtons } from '@web/components/SaveCancelButtons';
import { ActiveToggleButton, StatusChip } from '@web/components/StatusActions';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
import { createProducer, getProducer, inactivateProducer, listProducers, restoreProducer, updateProducer } from './api';

interface FormState {
  name: string;
  aadhaarNumber: string;
  contactNumber: string;
  address: string;
}
const EMPTY = (): FormState => ({ name: '', aadhaarNumber: '', contactNumber: '', address: '' });

/** Producers: form plus list (search on Enter, include inactive, Refresh; Edit, Inactivate, Restore). */
export default function ProducersPage() {
  const { t } = useTranslation();
  usePageTitle(t('producers.title'));
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const { rows, loadError, load } = useListQuery(
    ['producers', search, includeInactive],
    () => listProducers({ search, includeInactive }),
    'producers.loadFailed',
  );
  const [editingId, setEditingId] = useState<number | null>(null);
  // The spec shows only the first problem of the producer form: one message, on its field.
  const {
    set,
    field,
    submit,
    busy,
    reset: resetForm,
    clearErrors,
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
      resetForm({ name: p.name, aadhaarNumber: p.aadhaarNumber ?? '', contactNumber: p.contactNumber, address: p.address });
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

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('producers.title')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {editingId ? t('producers.editTitle', { id: editingId }) : t('producers.addTitle')}
        </Typography>
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
            label={t('producers.aadhaar')}
            name="aadhaarNumber"
            size="small"
            required
            {...field('aadhaarNumber')}
            onChange={(e) => set('aadhaarNumber', e.target.value.replace(/\D/g, '').slice(0, 12))}
            sx={{ flex: '1 1 160px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          />
          <TextField
            label={t('producers.contact')}
            name="contactNumber"
            size="small"
            {...field('contactNumber')}
            sx={{ flex: '1 1 160px' }}
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16 } }}
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
      </Paper>

      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <ListToolbar
        searchLabel={t('producers.searchLabel')}
        onSearch={setSearch}
        includeInactive={includeInactive}
        onIncludeInactiveChange={setIncludeInactive}
        onRefresh={() => void load()}
        searchSx={{ flex: '1 1 260px', maxWidth: 420 }}
      />

      <LoadErrorAlert message={loadError} />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('producers.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('common.id')}</TableCell>
              <TableCell>{t('producers.name')}</TableCell>
              <TableCell>{t('producers.address')}</TableCell>
              <TableCell>{t('producers.aadhaar')}</TableCell>
              <TableCell>{t('producers.contact')}</TableCell>
              <TableCell>{t('catalogue.status')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={rows} colSpan={7} emptyText={t('catalogue.empty')} hideEmpty={!!loadError} />
            {rows?.map((p) => (
              <TableRow key={p.producerID} hover data-producer-id={p.producerID}>
                <TableCell>{p.producerID}</TableCell>
                <TableCell>{p.name}</TableCell>
                <TableCell>{p.address}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{maskAadhaar(p.aadhaarLast4)}</TableCell>
                <TableCell>{p.contactNumber}</TableCell>
                <TableCell>
                  <StatusChip active={p.isActive} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => void edit(p)}>
                    {t('catalogue.edit')}
                  </Button>
                  <ActiveToggleButton
                    active={p.isActive}
                    confirmMessage={t('producers.confirmInactivate', { name: p.name })}
                    onToggle={() => void toggle(p)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
