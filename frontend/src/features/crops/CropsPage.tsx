import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { defaultRulesFor, type CropRules } from '@shared/crop-rules';
import { formatDateTime } from '@shared/format';
import { presetHsnFor } from '@shared/hsn';
import { CROP_DESCRIPTION_MAX, CROP_NAME_HI_MAX, CROP_NAME_MAX, CropInput, type CropResponse } from '@shared/schemas/crops';
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
import { createCrop, inactivateCrop, listCrops, restoreCrop, updateCrop } from './api';

type RulesMode = 'default' | 'bag' | 'kg' | 'none';
interface FormState {
  cropName: string;
  cropNameHi: string;
  description: string;
  hsnCode: string;
  mode: RulesMode;
  bagSizeKg: string;
  minQty: string;
  maxQty: string;
  defaultQty: string;
}
const EMPTY: FormState = {
  cropName: '',
  cropNameHi: '',
  description: '',
  hsnCode: '',
  mode: 'default',
  bagSizeKg: '40',
  minQty: '1',
  maxQty: '3',
  defaultQty: '1',
};

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The request the form stands for: rules only when chosen ('default' leaves them to the server). */
function inputOf(f: FormState) {
  const rules = rulesOf(f);
  return {
    cropName: f.cropName,
    cropNameHi: f.cropNameHi,
    description: f.description,
    hsnCode: f.hsnCode,
    ...(rules === undefined ? {} : { rules }),
  };
}

function rulesOf(f: FormState): CropInput['rules'] | undefined | Record<string, unknown> {
  if (f.mode === 'default') return undefined;
  if (f.mode === 'none') return null;
  return {
    unit: f.mode,
    bagSizeKg: f.mode === 'kg' ? 1 : num(f.bagSizeKg),
    minQty: num(f.minQty),
    maxQty: num(f.maxQty),
    defaultQty: num(f.defaultQty),
  };
}

function formOf(c: CropResponse): FormState {
  const r = c.rules;
  const names = { cropName: c.cropName, cropNameHi: c.cropNameHi, hsnCode: c.hsnCode };
  if (!r) return { ...EMPTY, ...names, description: c.description, mode: 'none' };
  return {
    ...names,
    description: c.description,
    mode: r.unit,
    bagSizeKg: String(r.bagSizeKg),
    minQty: String(r.minQty),
    maxQty: String(r.maxQty),
    defaultQty: String(r.defaultQty),
  };
}

/** Crops: form plus list (search on Enter, include inactive, Refresh; Edit, Inactivate, Restore). */
export default function CropsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('crops.title'));
  const list = useCatalogueList('crops', listCrops, 'crops.loadFailed');
  const { load } = list;
  const [editingId, setEditingId] = useState<number | null>(null);
  const {
    values: form,
    set,
    field,
    errorOf,
    submit,
    busy,
    reset: resetForm,
    feedback,
  } = useStaffForm({
    schema: CropInput,
    empty: () => EMPTY,
    toInput: inputOf,
    save: (input: CropInput) => (editingId ? updateCrop(editingId, input) : createCrop(input)),
    savedMessage: () => t('catalogue.saved'),
    onSaved: async () => {
      setEditingId(null);
      await load();
    },
  });
  const { error, notice, clear, closeError, closeNotice } = feedback;

  const reset = () => {
    resetForm();
    setEditingId(null);
  };

  const edit = (c: CropResponse) => {
    setEditingId(c.cropID);
    resetForm(formOf(c));
    clear();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const toggle = useActiveToggle<CropResponse>({
    inactivate: (c) => inactivateCrop(c.cropID),
    restore: (c) => restoreCrop(c.cropID),
    reload: load,
    feedback,
  });

  const summary = (r: CropRules | null) =>
    !r
      ? t('crops.rulesSummaryNone')
      : t(r.unit === 'bag' ? 'crops.rulesSummaryBag' : 'crops.rulesSummaryKg', {
          min: r.minQty,
          max: r.maxQty,
          def: r.defaultQty,
          size: r.bagSizeKg,
        });
  const standard = defaultRulesFor(form.cropName);
  /** A rule's quantity box: its text, and the message the schema gives under `rules.`. */
  const ruleField = (k: 'bagSizeKg' | 'minQty' | 'maxQty' | 'defaultQty') => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => set(k, e.target.value),
    error: !!errorOf(`rules.${k}`),
    helperText: errorOf(`rules.${k}`),
  });
  const created = (iso: string) => formatDateTime(iso, i18n.language);

  const columns: StaffColumn<CropResponse>[] = [
    { header: t('common.id'), cell: (c) => c.cropID },
    {
      header: t('crops.name'),
      cell: (c) => (
        <>
          {c.cropName}
          {c.cropNameHi && <span lang="hi"> · {c.cropNameHi}</span>}
          <Typography variant="caption" color="text.secondary" component="div">
            {[c.description, summary(c.rules), c.hsnCode && t('crops.hsnShort', { code: c.hsnCode })].filter(Boolean).join(' · ')}
          </Typography>
        </>
      ),
    },
    { header: t('catalogue.status'), cell: (c) => <StatusChip active={c.isActive} /> },
    { header: t('catalogue.created'), cell: (c) => created(c.createdOn), sx: { whiteSpace: 'nowrap' } },
    {
      header: t('common.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (c) => (
        <CatalogueRowActions
          active={c.isActive}
          onEdit={() => edit(c)}
          confirmMessage={t('crops.confirmInactivate', { name: c.cropName })}
          onToggle={() => void toggle(c)}
        />
      ),
    },
  ];

  return (
    <StaffPage title={t('crops.title')}>
      <FormPaper title={editingId ? t('crops.editTitle', { id: editingId }) : t('crops.addTitle')}>
        <Box component="form" aria-label={t('crops.addTitle')} onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              label={t('crops.name')}
              name="cropName"
              size="small"
              required
              {...field('cropName')}
              // Wheat's HSN code is preset: the form fills it in when the name is given and the code left empty.
              onBlur={() => {
                const preset = presetHsnFor(form.cropName);
                if (preset && !form.hsnCode.trim()) set('hsnCode', preset);
              }}
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { maxLength: CROP_NAME_MAX + 1 } }}
            />
            <TextField
              label={t('crops.nameHi')}
              name="cropNameHi"
              size="small"
              {...field('cropNameHi')}
              helperText={errorOf('cropNameHi') || t('crops.nameHiHelp')}
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { maxLength: CROP_NAME_HI_MAX + 1, lang: 'hi' } }}
            />
            <TextField
              label={t('crops.description')}
              name="description"
              size="small"
              {...field('description')}
              sx={{ flex: '3 1 280px' }}
              slotProps={{ htmlInput: { maxLength: CROP_DESCRIPTION_MAX + 1 } }}
            />
            <TextField
              label={t('crops.hsnCode')}
              name="hsnCode"
              size="small"
              {...field('hsnCode')}
              helperText={errorOf('hsnCode') || t('crops.hsnHelp')}
              sx={{ flex: '0 1 180px' }}
              slotProps={{ htmlInput: { maxLength: 8, inputMode: 'numeric' } }}
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
            {t('crops.rulesTitle')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              select
              label={t('crops.rulesMode')}
              name="rulesMode"
              size="small"
              value={form.mode}
              onChange={(e) => set('mode', e.target.value as RulesMode)}
              sx={{ minWidth: { xs: '100%', sm: 300 } }}
              helperText={
                form.mode === 'default'
                  ? standard
                    ? t('crops.rulesUsual', { rule: summary(standard) })
                    : t('crops.rulesUsualNone')
                  : form.mode === 'none'
                    ? t('crops.rulesNoneHelp')
                    : undefined
              }
            >
              <MenuItem value="default">{t('crops.rulesDefault')}</MenuItem>
              <MenuItem value="bag">{t('crops.rulesBag')}</MenuItem>
              <MenuItem value="kg">{t('crops.rulesKg')}</MenuItem>
              <MenuItem value="none">{t('crops.rulesNone')}</MenuItem>
            </TextField>
            {form.mode === 'bag' && (
              <TextField label={t('crops.bagSize')} type="number" size="small" {...ruleField('bagSizeKg')} sx={{ width: 140 }} />
            )}
            {(form.mode === 'bag' || form.mode === 'kg') && (
              <>
                <TextField label={t('crops.minQty')} type="number" size="small" {...ruleField('minQty')} sx={{ width: 120 }} />
                <TextField label={t('crops.maxQty')} type="number" size="small" {...ruleField('maxQty')} sx={{ width: 120 }} />
                <TextField
                  label={t('crops.defaultQty')}
                  type="number"
                  size="small"
                  {...ruleField('defaultQty')}
                  sx={{ width: 120 }}
                />
              </>
            )}
            <SaveCancelButtons busy={busy} editing={!!editingId} onCancel={reset} />
          </Box>
        </Box>
      </FormPaper>

      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <CatalogueListSection
        list={list}
        searchLabel={t('crops.searchLabel')}
        searchSx={{ flex: '1 1 240px', maxWidth: 380 }}
        label={t('crops.title')}
        columns={columns}
        rowKey={(c) => c.cropID}
        rowProps={(c) => ({ hover: true, 'data-crop-id': c.cropID })}
      />
    </StaffPage>
  );
}
