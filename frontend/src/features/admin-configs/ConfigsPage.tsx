import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { CONFIG_KEYS, isKnownConfigKey } from '@shared/config-keys';
import { SaveConfigInput, type ConfigResponse } from '@shared/schemas/admin';
import { errorMessage } from '@web/lib/api';
import { defaultText, settingHelp, settingLabel } from '@web/lib/setting-words';
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
/** The settings the product reads, in the order shared/config-keys.ts lists them. */
const PRODUCT_KEYS = Object.keys(CONFIG_KEYS);

/**
 * Common configurations (super_admin; docs/product-rules.md#the-configs-page-names-each-setting-and-keeps-the-ones-the-product-needs):
 * the settings the product reads, each by its label with a line of help and its key, saved or at its default,
 * changed (never renamed or deleted); then the other keys, added, renamed and deleted as before. Inline edit:
 * Enter saves, Escape cancels.
 */
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
    savedMessage: (saved) => t('configs.savedMessage', { key: settingLabel(t, saved.key) }),
    onSaved: load,
    serverFields: 'none',
    canSubmit: (f) => !!f.key.trim(),
    feedback,
  });
  const editForm = useStaffForm({
    schema: SaveConfigInput,
    empty: EMPTY,
    // A setting the product reads keeps its key: only its value is saved.
    save: async (input) => {
      if (editing && isKnownConfigKey(editing)) await saveConfig({ ...input, key: editing });
      else await renameOrSave(editing ?? input.key, input);
    },
    savedMessage: (_, input) => t('configs.savedMessage', { key: settingLabel(t, input.key) }),
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
  const saved = new Map((rows ?? []).map((r) => [r.key, r.value]));
  const custom = rows?.filter((r) => !isKnownConfigKey(r.key)) ?? null;
  const typedKey = addForm.values.key.trim();

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

  const editButtons = (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" variant="contained" onClick={editForm.save} disabled={busy || !editForm.values.key.trim()}>
        {t('common.save')}
      </Button>
      <Button size="small" onClick={cancelEdit}>
        {t('common.cancel')}
      </Button>
    </Stack>
  );
  const valueField = (
    <TextField
      size="small"
      fullWidth
      {...editForm.field('value')}
      onKeyDown={onEditKey}
      slotProps={{ htmlInput: { 'aria-label': t('configs.value'), maxLength: 2000 } }}
    />
  );

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
            // A key the product reads is named with what it does as it is typed.
            helperText={
              addForm.errorOf('key') ??
              (isKnownConfigKey(typedKey)
                ? t('configsPage.knownKeyHelp', { label: settingLabel(t, typedKey), help: settingHelp(t, typedKey) })
                : undefined)
            }
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

      <Section title={t('configsPage.productTitle')} intro={t('configsPage.productIntro')}>
        <ConfigTable label={t('configsPage.productTitle')} firstHeader={t('configsPage.setting')}>
          <TableStateRows rows={rows ? PRODUCT_KEYS : null} colSpan={3} emptyText={t('configs.empty')} />
          {rows &&
            PRODUCT_KEYS.map((key) => {
              const stored = saved.get(key);
              const row = { id: key, key, value: stored ?? defaultText(key) };
              return (
                <TableRow key={key} data-config-key={key} data-product-setting hover={editing !== key} selected={editing === key}>
                  <TableCell sx={{ minWidth: { xs: 160, sm: 240 }, maxWidth: 420 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="setting-label">
                      {settingLabel(t, key)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p" data-testid="setting-help">
                      {settingHelp(t, key)}
                    </Typography>
                    <Typography variant="caption" component="code" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                      {key}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>
                    {editing === key ? (
                      <>
                        {valueField}
                        <Typography variant="caption" color="text.secondary">
                          {t('configsPage.fixedKey')} {t('configs.editHint')}
                        </Typography>
                      </>
                    ) : (
                      <>
                        {row.value}
                        {stored === undefined && (
                          <Chip size="small" label={t('configsPage.default')} title={t('configsPage.notSaved')} sx={{ ml: 1 }} />
                        )}
                      </>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {editing === key ? editButtons : <EditButton onClick={() => startEdit(row)} />}
                  </TableCell>
                </TableRow>
              );
            })}
        </ConfigTable>
      </Section>

      <Section title={t('configsPage.customTitle')} intro={t('configsPage.customIntro')}>
        <ConfigTable label={t('configs.title')} firstHeader={t('configs.key')}>
          <TableStateRows rows={custom} colSpan={3} emptyText={t('configs.empty')} />
          {custom?.map((row) =>
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
                <TableCell sx={{ minWidth: 220 }}>{valueField}</TableCell>
                <TableCell align="right">{editButtons}</TableCell>
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
        </ConfigTable>
      </Section>
    </StaffPage>
  );
}

function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}

/** One of the page's two tables: its first column's header (setting or key), the value and the actions. */
function ConfigTable({ label, firstHeader, children }: { label: string; firstHeader: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{firstHeader}</TableCell>
            <TableCell>{t('configs.value')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
