import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import { BLOCK_LIMITS, BLOCK_REQUIRED, BlockInput, type BlockResponse } from '@shared/schemas/cms';
import { useListQuery } from '@web/lib/useListQuery';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
import { listBlocks, saveBlock } from './api';
import { CmsFormButtons } from './CmsFormButtons';
import { useCmsEditor } from './useCmsEditor';

interface Form {
  blockID: number;
  slug: string;
  title: string;
  body: string;
  imageUrl: string;
  sortOrder: string;
  isActive: boolean;
}

const EMPTY: Form = { blockID: 0, slug: '', title: '', body: '', imageUrl: '', sortOrder: '0', isActive: true };

const toForm = (b: BlockResponse): Form => ({
  blockID: b.blockID,
  slug: b.slug,
  title: b.title,
  body: b.body,
  imageUrl: b.imageUrl,
  sortOrder: String(b.sortOrder),
  isActive: b.isActive,
});

/** Content blocks: a form (create, or update the row loaded by Edit) above the table of all blocks. */
export default function ContentBlocksPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.cmsBlocks'));
  const { rows, loadError, load } = useListQuery(['cms-blocks'], listBlocks, 'common.failedToLoad');
  const { form, set, errorOf, error, closeError, notice, closeNotice, busy, reset, submit, edit } = useCmsEditor({
    empty: () => EMPTY,
    schema: BlockInput,
    requiredMessage: BLOCK_REQUIRED,
    requiredText: t('cms.blockRequired'),
    save: saveBlock,
    reload: load,
  });
  const editing = form.blockID !== 0;

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('admin.nav.cmsBlocks')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {editing ? t('cms.editingBlock', { id: form.blockID }) : t('cms.newBlock')}
        </Typography>
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          aria-label={editing ? t('cms.editingBlock', { id: form.blockID }) : t('cms.newBlock')}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}
        >
          <TextField
            label={t('cms.slug')}
            name="slug"
            size="small"
            required
            value={form.slug}
            onChange={(e) => set('slug', e.target.value)}
            error={!!errorOf('slug')}
            helperText={errorOf('slug') ?? t('cms.slugHelp')}
            slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.slug, autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            label={t('cms.title')}
            name="title"
            size="small"
            required
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            error={!!errorOf('title')}
            helperText={errorOf('title')}
            slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.title } }}
          />
          <TextField
            label={t('cms.body')}
            name="body"
            size="small"
            multiline
            minRows={4}
            value={form.body}
            onChange={(e) => set('body', e.target.value)}
            error={!!errorOf('body')}
            helperText={errorOf('body') ?? t('cms.bodyHelp')}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.body } }}
          />
          <TextField
            label={t('cms.imageUrl')}
            name="imageUrl"
            size="small"
            value={form.imageUrl}
            onChange={(e) => set('imageUrl', e.target.value)}
            error={!!errorOf('imageUrl')}
            helperText={errorOf('imageUrl') ?? t('cms.imageUrlHelp')}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.imageUrl, inputMode: 'url', spellCheck: false } }}
          />
          <TextField
            label={t('cms.sortOrder')}
            name="sortOrder"
            size="small"
            type="number"
            value={form.sortOrder}
            onChange={(e) => set('sortOrder', e.target.value)}
            error={!!errorOf('sortOrder')}
            helperText={errorOf('sortOrder')}
            slotProps={{ htmlInput: { min: BLOCK_LIMITS.sortOrderMin, max: BLOCK_LIMITS.sortOrderMax, step: 1 } }}
          />
          <FormControlLabel
            control={<Checkbox name="isActive" checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />}
            label={t('cms.active')}
          />
          <CmsFormButtons busy={busy} editing={editing} onCancel={reset} />
        </Box>
      </Paper>

      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />
      <LoadErrorAlert message={loadError} />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('admin.nav.cmsBlocks')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('common.id')}</TableCell>
              <TableCell>{t('cms.slug')}</TableCell>
              <TableCell>{t('cms.title')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('cms.sortOrder')}
              </TableCell>
              <TableCell>{t('cms.active')}</TableCell>
              <TableCell>{t('cms.image')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={rows} colSpan={7} emptyText={t('cms.noBlocks')} />
            {rows?.map((row) => (
              <TableRow key={row.blockID} hover selected={row.blockID === form.blockID} data-block-slug={row.slug}>
                <TableCell>{row.blockID}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.slug}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>{row.title}</TableCell>
                <TableCell align="right">{row.sortOrder}</TableCell>
                <TableCell>{row.isActive ? t('common.yes') : t('common.no')}</TableCell>
                <TableCell>{row.imageUrl ? t('common.yes') : t('common.no')}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => edit(toForm(row))}>
                    {t('common.edit')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
