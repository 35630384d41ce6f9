import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import { maskAadhaar } from '../../../../shared/format';
import { ADDRESS_MAX, NAME_MAX, ProducerInput, type ProducerResponse } from '../../../../shared/schemas/producers';
import { ApiError, errorMessage } from '../../lib/api';
import { usePageTitle } from '../../components/usePageTitle';
import { createProducer, getProducer, inactivateProducer, listProducers, restoreProducer, updateProducer } from './api';

interface FormState {
  name: string;
  aadhaarNumber: string;
  contactNumber: string;
  address: string;
}
const EMPTY: FormState = { name: '', aadhaarNumber: '', contactNumber: '', address: '' };

/** The spec shows only the first problem of the producer form: one message, on its field. */
function firstError(fields: Record<string, string> | undefined): Record<string, string> {
  const first = Object.entries(fields ?? {})[0];
  return first ? { [first[0]]: first[1] } : {};
}

/** Producers: form plus list (search on Enter, include inactive, Refresh; Edit, Inactivate, Restore). */
export default function ProducersPage() {
  const { t } = useTranslation();
  usePageTitle(t('producers.title'));
  const [rows, setRows] = useState<ProducerResponse[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoadError('');
    try {
      setRows(await listProducers({ search, includeInactive }));
    } catch (e) {
      setRows([]);
      setLoadError(errorMessage(e, t('producers.loadFailed')));
    }
  }, [search, includeInactive, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const reset = () => {
    setForm(EMPTY);
    setEditingId(null);
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = ProducerInput.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [String(issue.path[0] ?? '_')]: issue.message });
      return;
    }
    setErrors({});
    setError('');
    setNotice('');
    setBusy(true);
    try {
      if (editingId) await updateProducer(editingId, parsed.data);
      else await createProducer(parsed.data);
      reset();
      setNotice(t('catalogue.saved'));
      await load();
    } catch (err) {
      if (err instanceof ApiError) setErrors(firstError(err.fields));
      setError(errorMessage(err, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const edit = async (row: ProducerResponse) => {
    setError('');
    setNotice('');
    setErrors({});
    try {
      const p = await getProducer(row.producerID);
      setEditingId(p.producerID);
      setForm({ name: p.name, aadhaarNumber: p.aadhaarNumber ?? '', contactNumber: p.contactNumber, address: p.address });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      setError(errorMessage(err, t('common.failedToLoad')));
    }
  };

  const toggle = async (row: ProducerResponse) => {
    if (row.isActive && !window.confirm(t('producers.confirmInactivate', { name: row.name }))) return;
    setError('');
    setNotice('');
    try {
      if (row.isActive) await inactivateProducer(row.producerID);
      else await restoreProducer(row.producerID);
      await load();
    } catch (err) {
      setError(errorMessage(err, t('common.saveFailed')));
    }
  };

  const field = (k: keyof FormState) => ({ error: !!errors[k], helperText: errors[k] });

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('producers.title')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {editingId ? t('producers.editTitle', { id: editingId }) : t('producers.addTitle')}
        </Typography>
        <Box component="form" aria-label={t('producers.addTitle')} onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <TextField label={t('producers.name')} name="name" size="small" required value={form.name} onChange={set('name')} {...field('name')} sx={{ flex: '2 1 200px' }} slotProps={{ htmlInput: { maxLength: NAME_MAX + 1 } }} />
          <TextField
            label={t('producers.aadhaar')}
            name="aadhaarNumber"
            size="small"
            required
            value={form.aadhaarNumber}
            onChange={(e) => setForm((f) => ({ ...f, aadhaarNumber: e.target.value.replace(/\D/g, '').slice(0, 12) }))}
            {...field('aadhaarNumber')}
            sx={{ flex: '1 1 160px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          />
          <TextField label={t('producers.contact')} name="contactNumber" size="small" value={form.contactNumber} onChange={set('contactNumber')} {...field('contactNumber')} sx={{ flex: '1 1 160px' }} slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16 } }} />
          <TextField label={t('producers.address')} name="address" size="small" value={form.address} onChange={set('address')} {...field('address')} sx={{ flex: '3 1 260px' }} slotProps={{ htmlInput: { maxLength: ADDRESS_MAX + 1 } }} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t('catalogue.saving') : editingId ? t('catalogue.update') : t('catalogue.save')}
            </Button>
            {editingId && (
              <Button onClick={reset} disabled={busy}>
                {t('catalogue.cancel')}
              </Button>
            )}
          </Box>
        </Box>
      </Paper>

      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setError('')}>
          {error}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <TextField
          label={t('producers.searchLabel')}
          type="search"
          size="small"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setSearch(searchText.trim());
            }
          }}
          helperText={t('catalogue.searchHint')}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <FormControlLabel control={<Checkbox checked={includeInactive} onChange={(e) => setIncludeInactive(e.target.checked)} />} label={t('catalogue.includeInactive')} />
        <Button variant="outlined" onClick={() => void load()}>
          {t('catalogue.refresh')}
        </Button>
      </Box>

      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      )}

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
            {rows === null && (
              <TableRow>
                <TableCell colSpan={7}>{t('common.loading')}</TableCell>
              </TableRow>
            )}
            {rows?.length === 0 && !loadError && (
              <TableRow>
                <TableCell colSpan={7}>{t('catalogue.empty')}</TableCell>
              </TableRow>
            )}
            {rows?.map((p) => (
              <TableRow key={p.producerID} hover data-producer-id={p.producerID}>
                <TableCell>{p.producerID}</TableCell>
                <TableCell>{p.name}</TableCell>
                <TableCell>{p.address}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{maskAadhaar(p.aadhaarLast4)}</TableCell>
                <TableCell>{p.contactNumber}</TableCell>
                <TableCell>
                  <Chip size="small" label={p.isActive ? t('catalogue.active') : t('catalogue.inactive')} color={p.isActive ? 'success' : 'default'} variant="outlined" />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => void edit(p)}>
                    {t('catalogue.edit')}
                  </Button>
                  {p.isActive ? (
                    <Button size="small" color="error" onClick={() => void toggle(p)}>
                      {t('catalogue.inactivate')}
                    </Button>
                  ) : (
                    <Button size="small" color="success" onClick={() => void toggle(p)}>
                      {t('catalogue.restore')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
