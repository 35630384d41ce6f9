import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SaveConfigInput, type ConfigResponse } from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { fieldErrors } from '@web/lib/forms';
import { useFeedback } from '@web/lib/useFeedback';
import { useListLoader } from '@web/lib/useListLoader';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
import { deleteConfig, listConfigs, renameOrSave, saveConfig } from './api';

interface Editing {
  originalKey: string;
  key: string;
  value: string;
}

/** Common configuration keys: add or overwrite, inline edit (Enter saves, Escape cancels; a new key renames), delete. */
export default function ConfigsPage() {
  const { t } = useTranslation();
  usePageTitle(t('configs.title'));
  const { rows, loadError, load } = useListLoader(listConfigs, 'common.failedToLoad');
  const { error, notice, clear, fail, succeed, closeError, closeNotice } = useFeedback();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [addErrors, setAddErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !key.trim()) return;
    const parsed = SaveConfigInput.safeParse({ key, value });
    if (!parsed.success) {
      clear();
      setAddErrors(fieldErrors(parsed.error));
      return;
    }
    setAddErrors({});
    clear();
    setBusy(true);
    try {
      const saved = await saveConfig(parsed.data);
      setKey('');
      setValue('');
      succeed(t('configs.savedMessage', { key: saved.key }));
      await load();
    } catch (err) {
      fail(errorMessage(err, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const saveEdit = async () => {
    if (!editing || busy) return;
    const parsed = SaveConfigInput.safeParse({ key: editing.key, value: editing.value });
    if (!parsed.success) {
      clear();
      setEditErrors(fieldErrors(parsed.error));
      return;
    }
    setEditErrors({});
    clear();
    setBusy(true);
    try {
      await renameOrSave(editing.originalKey, parsed.data);
      setEditing(null);
      succeed(t('configs.savedMessage', { key: parsed.data.key }));
      await load();
    } catch (err) {
      fail(errorMessage(err, t('common.saveFailed')));
      await load();
    } finally {
      setBusy(false);
    }
  };

  const cancelEdit = () => {
    setEditing(null);
    setEditErrors({});
  };

  const onEditKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void saveEdit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancelEdit();
    }
  };

  const remove = async (row: ConfigResponse) => {
    if (!window.confirm(t('configs.confirmDelete', { key: row.key }))) return;
    clear();
    try {
      await deleteConfig(row.key);
      if (editing?.originalKey === row.key) setEditing(null);
      succeed(t('staffChecks.configDeleted', { key: row.key }));
      await load();
    } catch (err) {
      fail(errorMessage(err, t('common.failed')));
    }
  };

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('configs.title')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t('configs.addTitle')}
        </Typography>
        <Box
          component="form"
          onSubmit={(e) => void add(e)}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            label={t('configs.key')}
            name="key"
            size="small"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            error={!!addErrors.key}
            helperText={addErrors.key}
            required
            sx={{ flex: '1 1 200px' }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={t('configs.value')}
            name="value"
            size="small"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!!addErrors.value}
            helperText={addErrors.value}
            sx={{ flex: '2 1 240px' }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button type="submit" variant="contained" disabled={!key.trim() || busy}>
            {t('common.save')}
          </Button>
        </Box>
      </Paper>

      <LoadErrorAlert message={loadError} />
      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('configs.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('configs.key')}</TableCell>
              <TableCell>{t('configs.value')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={rows} colSpan={3} emptyText={t('configs.empty')} />
            {rows?.map((row) =>
              editing?.originalKey === row.key ? (
                <TableRow key={row.key} data-config-key={row.key} selected>
                  <TableCell sx={{ minWidth: 180 }}>
                    <TextField
                      size="small"
                      fullWidth
                      autoFocus
                      value={editing.key}
                      onChange={(e) => setEditing({ ...editing, key: e.target.value })}
                      onKeyDown={onEditKey}
                      error={!!editErrors.key}
                      helperText={editErrors.key ?? t('configs.editHint')}
                      slotProps={{ htmlInput: { 'aria-label': t('configs.key'), maxLength: 100 } }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <TextField
                      size="small"
                      fullWidth
                      value={editing.value}
                      onChange={(e) => setEditing({ ...editing, value: e.target.value })}
                      onKeyDown={onEditKey}
                      error={!!editErrors.value}
                      helperText={editErrors.value}
                      slotProps={{ htmlInput: { 'aria-label': t('configs.value'), maxLength: 2000 } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        variant="contained"
                        onClick={() => void saveEdit()}
                        disabled={busy || !editing.key.trim()}
                      >
                        {t('common.save')}
                      </Button>
                      <Button size="small" onClick={cancelEdit}>
                        {t('common.cancel')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={row.key} data-config-key={row.key} hover>
                  <TableCell sx={{ fontFamily: 'monospace', minWidth: { xs: 140, sm: 200 }, overflowWrap: 'anywhere' }}>
                    {row.key}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.value}</TableCell>
                  <TableCell align="right">
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={{ xs: 0, sm: 1 }}
                      sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}
                    >
                      <Button
                        size="small"
                        onClick={() => {
                          clear();
                          setEditErrors({});
                          setEditing({ originalKey: row.key, key: row.key, value: row.value });
                        }}
                      >
                        {t('common.edit')}
                      </Button>
                      <Button size="small" color="error" onClick={() => void remove(row)}>
                        {t('common.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
