import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { BLOCK_LIMITS, BLOCK_REQUIRED, BlockInput, type BlockResponse } from '@shared/schemas/cms';
import { useListQuery } from '@web/lib/use-list-query';
import { EditButton } from '@web/components/RowActions';
import { StaffPage } from '@web/components/StaffPage';
import type { StaffColumn } from '@web/components/StaffTable';
import { usePageTitle } from '@web/components/use-page-title';
import { listBlocks, saveBlock } from './api';
import { CmsEditorForm, CmsTable } from './CmsScreenParts';
import { useCmsEditor } from './use-cms-editor';

interface Form {
  blockID: number;
  slug: string;
  title: string;
  body: string;
  imageUrl: string;
  sortOrder: string;
  isActive: boolean;
  titleHi: string;
  bodyHi: string;
}

const EMPTY: Form = {
  blockID: 0,
  slug: '',
  title: '',
  body: '',
  imageUrl: '',
  sortOrder: '0',
  isActive: true,
  titleHi: '',
  bodyHi: '',
};

const toForm = (b: BlockResponse): Form => ({
  blockID: b.blockID,
  slug: b.slug,
  title: b.title,
  body: b.body,
  imageUrl: b.imageUrl,
  sortOrder: String(b.sortOrder),
  isActive: b.isActive,
  titleHi: b.titleHi ?? '',
  bodyHi: b.bodyHi ?? '',
});

/** Content blocks: a form (create, or update the row loaded by Edit) above the table of all blocks. */
export default function ContentBlocksPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.cmsBlocks'));
  const { rows, loadError, load } = useListQuery(['cms-blocks'], listBlocks, 'common.failedToLoad');
  const editor = useCmsEditor({
    empty: () => EMPTY,
    idOf: (f) => f.blockID,
    schema: BlockInput,
    requiredMessage: BLOCK_REQUIRED,
    requiredText: t('cms.blockRequired'),
    save: saveBlock,
    reload: load,
  });
  const { form, editing, field, errorOf, edit } = editor;

  const yesNo = (yes: boolean) => (yes ? t('common.yes') : t('common.no'));
  const columns: StaffColumn<BlockResponse>[] = [
    { header: t('common.id'), cell: (row) => row.blockID },
    { header: t('cms.slug'), cell: (row) => row.slug, sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' } },
    { header: t('cms.title'), cell: (row) => row.title, sx: { wordBreak: 'break-word', minWidth: 160 } },
    { header: t('cms.sortOrder'), cell: (row) => row.sortOrder, align: 'right', headerSx: { whiteSpace: 'nowrap' } },
    { header: t('cms.active'), cell: (row) => yesNo(row.isActive) },
    { header: t('cms.image'), cell: (row) => yesNo(!!row.imageUrl) },
    { header: t('common.actions'), align: 'right', cell: (row) => <EditButton onClick={() => edit(toForm(row))} /> },
  ];
  const heading = editing ? t('cms.editingBlock', { id: form.blockID }) : t('cms.newBlock');

  return (
    <StaffPage title={t('admin.nav.cmsBlocks')}>
      <CmsEditorForm heading={heading} columns="1fr 2fr" editor={editor}>
        <TextField
          label={t('cms.slug')}
          name="slug"
          size="small"
          required
          {...field('slug')}
          helperText={errorOf('slug') ?? t('cms.slugHelp')}
          slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.slug, autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          label={t('cms.title')}
          name="title"
          size="small"
          required
          {...field('title')}
          slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.title } }}
        />
        <TextField
          label={t('cms.body')}
          name="body"
          size="small"
          multiline
          minRows={4}
          {...field('body')}
          helperText={errorOf('body') ?? t('cms.bodyHelp')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.body } }}
        />
        <TextField
          label={t('cms.titleHi')}
          name="titleHi"
          size="small"
          {...field('titleHi')}
          helperText={errorOf('titleHi') ?? t('cms.titleHiHelp')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.title, lang: 'hi' } }}
        />
        <TextField
          label={t('cms.bodyHi')}
          name="bodyHi"
          size="small"
          multiline
          minRows={4}
          {...field('bodyHi')}
          helperText={errorOf('bodyHi')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.body, lang: 'hi' } }}
        />
        <TextField
          label={t('cms.imageUrl')}
          name="imageUrl"
          size="small"
          {...field('imageUrl')}
          helperText={errorOf('imageUrl') ?? t('cms.imageUrlHelp')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: BLOCK_LIMITS.imageUrl, inputMode: 'url', spellCheck: false } }}
        />
        <TextField
          label={t('cms.sortOrder')}
          name="sortOrder"
          size="small"
          type="number"
          {...field('sortOrder')}
          slotProps={{ htmlInput: { min: BLOCK_LIMITS.sortOrderMin, max: BLOCK_LIMITS.sortOrderMax, step: 1 } }}
        />
      </CmsEditorForm>

      <CmsTable
        editor={editor}
        loadError={loadError}
        label={t('admin.nav.cmsBlocks')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.blockID}
        rowProps={(row) => ({ hover: true, selected: row.blockID === form.blockID, 'data-block-slug': row.slug })}
        emptyText={t('cms.noBlocks')}
      />
    </StaffPage>
  );
}
