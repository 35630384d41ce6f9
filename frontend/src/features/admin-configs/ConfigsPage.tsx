import { useState, type KeyboardEvent } from 'react';
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
import { useTranslation } from 'react-i18next';
import { SaveConfigInput, type ConfigResponse } from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { useFeedback } from '@web/lib/use-feedback';
import { useListQuery } from '@web/lib/use-list-query';
import { useStaffForm } from '@web/lib/use-staff-form';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { ConfirmedDeleteButton, EditButton } from '@web/components/RowActions';
import { FormPaper, StaffPage } from '@web/components/StaffPage';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/use-page-title';
import { deleteConfig, listConfigs, renameOrSave, saveConfig } from './api';

const EMPTY = () => ({ key: '', value: '' });

/** Common configuration keys: add or overwrite, inline edit (Enter saves, Escape cancels; a new key renames), delete. */
export default function ConfigsPage() {
  const { t } = useTranslation();
  usePageTitle(t('configs.title'));
  const { rows, loadError, load } = useListQuery(['configs'], listConfigs, 'common.failedToLoad');
  const feedback = useFeedback();
  const { error, notice, clear, fail, succeed, closeError, closeNotice } = feedback;
  // The key being edited in its row (null: none); a save under another key renames it.
  const [editing, setEditing] = useState<string | null>(null);
  const addForm = useStaffForm({
    schema: SaveConfigInput,
    empty: EMPTY,
    save: saveConfig,
    savedMessage: (saved) => t('configs.savedMessage', { key: saved.key }),
    onSaved: load,
    serverFields: 'none',
    canSubmit: (f) => !!f.key.trim(),
    feedback,
  });
  const editForm = useStaffForm({
    schema: SaveConfigInput,
    empty: EMPTY,
    save: (input) => renameOrSave(editing ?? input.key, input),
    savedMessage: (_, input) => t('configs.savedMessage', { key: input.key }),
    onSaved: async () => {
      setEditing(null);
      await load();
    },
    onSaveFailed: load,
    serverFields: 'none',
    canSubmit: () => editing !== null && !addForm.busy,
    feedback,
  });
  const busy = addForm.busy || editForm.busy;

  const startEdit = (row: ConfigResponse) => {
    clear();
    editForm.reset({ key: row.key, value: row.value });
    setEditing(row.key);
  };

  const cancelEdit = () => {
    setEditing(null);
    editForm.reset();
  };

  const onEditKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      editForm.save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancelEdit();
    }
  };

  const remove = async (row: ConfigResponse) => {
    clear();
    try {
      await deleteConfig(row.key);
      if (editing === row.key) setEditing(null);
      succeed(t('staffChecks.configDeleted', { key: row.key }));
      await load();
    } catch (err) {
      fail(errorMessage(err, t('common.failed')));
    }
  };

  return (
    <StaffPage title={t('configs.title')}>
      <FormPaper title={t('configs.addTitle')}>
        <Box
          component="form"
          onSubmit={(e) => (editForm.busy ? e.preventDefault() : addForm.submit(e))}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            label={t('configs.key')}
            name="key"
            size="small"
            {...addForm.field('key')}
            required
            sx={{ flex: '1 1 200px' }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={t('configs.value')}
            name="value"
            size="small"
            {...addForm.field('value')}
            sx={{ flex: '2 1 240px' }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button type="submit" variant="contained" disabled={!addForm.values.key.trim() || busy}>
            {t('common.save')}
          </Button>
        </Box>
      </FormPaper>

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
              editing === row.key ? (
                <TableRow key={row.key} data-config-key={row.key} selected>
                  <TableCell sx={{ minWidth: 180 }}>
                    <TextField
                      size="small"
                      fullWidth
                      autoFocus
                      {...editForm.field('key')}
                      onKeyDown={onEditKey}
                      helperText={editForm.errorOf('key') ?? t('configs.editHint')}
                      slotProps={{ htmlInput: { 'aria-label': t('configs.key'), maxLength: 100 } }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <TextField
                      size="small"
                      fullWidth
                      {...editForm.field('value')}
                      onKeyDown={onEditKey}
                      slotProps={{ htmlInput: { 'aria-label': t('configs.value'), maxLength: 2000 } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        variant="contained"
                        onClick={editForm.save}
                        disabled={busy || !editForm.values.key.trim()}
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
                      <EditButton onClick={() => startEdit(row)} />
                      <ConfirmedDeleteButton
                        confirmMessage={t('configs.confirmDelete', { key: row.key })}
                        onDelete={() => void remove(row)}
                      />
                    </Stack>
                  </TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </StaffPage>
  );
}
