import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CropDropdownItem } from '@shared/schemas/crops';
import { CreateLotInput, UpdateLotInput, YEAR_MAX, YEAR_MIN, currentYear, type LotResponse } from '@shared/schemas/lots';
import type { ProducerResponse } from '@shared/schemas/producers';
import { ApiError, errorMessage } from '@web/lib/api';
import { fieldErrors } from '@web/lib/forms';
import { sessionHasRole, useSession } from '@web/lib/session';
import { useFeedback } from '@web/lib/useFeedback';
import { useListLoader } from '@web/lib/useListLoader';
import { FeedbackAlerts, LoadErrorAlert } from '@web/components/FeedbackAlerts';
import { compactTableSx, pinnedEndSx } from '@web/components/listTable';
import { SaveCancelButtons } from '@web/components/SaveCancelButtons';
import { TableStateRows } from '@web/components/TableStateRows';
import { usePageTitle } from '@web/components/usePageTitle';
import { createLot, cropOptions, listLots, previewLotCode, producerOptions, updateLot } from './api';
import { QrDialog } from './QrDialog';

interface FormState {
  producerID: string;
  cropID: string;
  year: string;
  isSubsidized: boolean;
  quantityAvailable: string;
  pricePerUnit: string;
}
const emptyForm = (): FormState => ({
  producerID: '',
  cropID: '',
  year: String(currentYear()),
  isSubsidized: false,
  quantityAvailable: '',
  pricePerUnit: '',
});
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

const kgFmt = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const qFmt = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });
const kg = (v: number) => kgFmt.format(v);
/** 1 quintal = 100 kg. */
const quintal = (v: number) => qFmt.format(v / 100);

/** Lots: form with a read-only code preview, filters, kg and quintal columns, QR dialog. No delete. */
const pinActions = pinnedEndSx();

export default function LotsPage() {
  const { t } = useTranslation();
  usePageTitle(t('lots.title'));
  // Sellers read lots; only admins create and edit them (the server enforces it too).
  const canEdit = sessionHasRole(useSession(), ['admin']);
  const [producers, setProducers] = useState<ProducerResponse[]>([]);
  const [crops, setCrops] = useState<CropDropdownItem[]>([]);
  const [filter, setFilter] = useState({ producerId: '', cropId: '', year: '' });
  const [form, setForm] = useState<FormState>(emptyForm);
  const [editing, setEditing] = useState<LotResponse | null>(null);
  const [preview, setPreview] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { error, notice, clear, fail, succeed, closeError, closeNotice } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [qrLot, setQrLot] = useState<LotResponse | null>(null);

  const loadOptions = useCallback(async () => {
    const [p, c] = await Promise.allSettled([producerOptions(), cropOptions()]);
    if (p.status === 'fulfilled') setProducers(p.value);
    if (c.status === 'fulfilled') setCrops(c.value);
  }, []);

  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  const { rows, loadError, load } = useListLoader(
    useCallback(
      () => listLots({ producerId: num(filter.producerId), cropId: num(filter.cropId), year: num(filter.year) }),
      [filter],
    ),
    'lots.loadFailed',
  );

  // The code the next lot would get: shown read-only, reserved only when the lot is saved.
  useEffect(() => {
    if (editing || !canEdit) return;
    const producerId = num(form.producerID);
    const year = num(form.year);
    if (!producerId || !year || year < YEAR_MIN || year > YEAR_MAX || !Number.isInteger(year)) {
      setPreview('');
      return;
    }
    let live = true;
    previewLotCode(producerId, year, form.isSubsidized)
      .then((r) => live && setPreview(r.lotCode))
      .catch(() => live && setPreview(''));
    return () => {
      live = false;
    };
  }, [editing, canEdit, form.producerID, form.year, form.isSubsidized]);

  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const reset = () => {
    setForm(emptyForm());
    setEditing(null);
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const candidate = {
      producerID: num(form.producerID),
      cropID: num(form.cropID),
      year: num(form.year),
      quantityAvailable: num(form.quantityAvailable),
      pricePerUnit: num(form.pricePerUnit),
      isSubsidized: form.isSubsidized,
    };
    const parsed = editing ? UpdateLotInput.safeParse(candidate) : CreateLotInput.safeParse(candidate);
    if (!parsed.success) {
      clear();
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    clear();
    setBusy(true);
    try {
      const saved = editing
        ? await updateLot(editing.lotID, parsed.data as UpdateLotInput)
        : await createLot(parsed.data as CreateLotInput);
      reset();
      succeed(`${t('catalogue.saved')} ${saved.lotCode}`);
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      fail(errorMessage(err, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const edit = (l: LotResponse) => {
    setEditing(l);
    setForm({
      producerID: String(l.producerID),
      cropID: String(l.cropID),
      year: String(l.year),
      isSubsidized: l.isSubsidized,
      quantityAvailable: String(l.quantityAvailable),
      pricePerUnit: String(l.pricePerUnit),
    });
    setPreview(l.lotCode);
    setErrors({});
    clear();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // New lots take active producers and crops; an edited lot keeps showing its own even if inactive now.
  const producerChoices = useMemo(
    () => producers.filter((p) => p.isActive || String(p.producerID) === form.producerID),
    [producers, form.producerID],
  );
  const cropChoices = useMemo(() => crops.filter((c) => c.isActive || String(c.id) === form.cropID), [crops, form.cropID]);
  const years = useMemo(() => {
    const now = currentYear();
    const set = new Set<number>([now + 1, now, ...(rows ?? []).map((r) => r.year)]);
    for (let y = now - 1; y >= now - 5; y--) set.add(y);
    return [...set].sort((a, b) => b - a);
  }, [rows]);
  const inactive = ` ${t('lots.inactiveSuffix')}`;
  const field = (k: string) => ({ error: !!errors[k], helperText: errors[k] });

  return (
    <Box component="section">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('lots.title')}
      </Typography>

      {canEdit && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {editing ? t('lots.editTitle', { code: editing.lotCode }) : t('lots.addTitle')}
          </Typography>
          <Box
            component="form"
            aria-label={t('lots.addTitle')}
            onSubmit={(e) => void submit(e)}
            noValidate
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
          >
            <TextField
              select
              label={t('lots.producer')}
              name="producerID"
              size="small"
              required
              value={form.producerID}
              onChange={set('producerID')}
              disabled={!!editing}
              {...field('producerID')}
              helperText={errors.producerID ?? (editing ? t('lots.producerFixed') : undefined)}
              sx={{ flex: '2 1 220px' }}
            >
              {producerChoices.map((p) => (
                <MenuItem key={p.producerID} value={String(p.producerID)}>
                  {p.producerID} · {p.name}
                  {p.isActive ? '' : inactive}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('lots.crop')}
              name="cropID"
              size="small"
              required
              value={form.cropID}
              onChange={set('cropID')}
              {...field('cropID')}
              sx={{ flex: '2 1 180px' }}
            >
              {cropChoices.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                  {c.isActive ? '' : inactive}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('lots.year')}
              name="year"
              type="number"
              size="small"
              required
              value={form.year}
              onChange={set('year')}
              disabled={!!editing}
              {...field('year')}
              helperText={errors.year ?? (editing ? t('lots.fixedInCode') : undefined)}
              sx={{ width: 120 }}
              slotProps={{ htmlInput: { min: YEAR_MIN, max: YEAR_MAX, step: 1 } }}
            />
            <FormControlLabel
              control={
                <Switch
                  name="isSubsidized"
                  checked={form.isSubsidized}
                  onChange={(e) => setForm((f) => ({ ...f, isSubsidized: e.target.checked }))}
                  disabled={!!editing}
                />
              }
              label={t('lots.subsidised')}
              sx={{ mt: 0.5 }}
            />
            <TextField
              label={t('lots.total')}
              name="quantityAvailable"
              type="number"
              size="small"
              required
              value={form.quantityAvailable}
              onChange={set('quantityAvailable')}
              {...field('quantityAvailable')}
              sx={{ width: 170 }}
              slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
            />
            <TextField
              label={t('lots.price')}
              name="pricePerUnit"
              type="number"
              size="small"
              required
              value={form.pricePerUnit}
              onChange={set('pricePerUnit')}
              {...field('pricePerUnit')}
              sx={{ width: 170 }}
              slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
            />
            <TextField
              label={t('lots.code')}
              name="lotCode"
              size="small"
              value={preview}
              placeholder={t('lots.codeChoose')}
              helperText={editing ? undefined : t('lots.codeHelp')}
              sx={{ width: 200 }}
              slotProps={{
                htmlInput: { readOnly: true, 'aria-readonly': true, 'data-testid': 'lot-code-preview' },
                inputLabel: { shrink: true },
              }}
            />
            <SaveCancelButtons busy={busy} editing={!!editing} onCancel={reset} />
          </Box>
        </Paper>
      )}

      <FeedbackAlerts error={error} onCloseError={closeError} notice={notice} onCloseNotice={closeNotice} />

      <Box
        component="form"
        aria-label={t('lots.filters')}
        onSubmit={(e) => e.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}
      >
        <TextField
          select
          label={t('lots.producer')}
          size="small"
          value={filter.producerId}
          onChange={(e) => setFilter((f) => ({ ...f, producerId: e.target.value }))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('lots.all')}</MenuItem>
          {producers.map((p) => (
            <MenuItem key={p.producerID} value={String(p.producerID)}>
              {p.producerID} · {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('lots.crop')}
          size="small"
          value={filter.cropId}
          onChange={(e) => setFilter((f) => ({ ...f, cropId: e.target.value }))}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('lots.all')}</MenuItem>
          {crops.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('lots.year')}
          size="small"
          value={filter.year}
          onChange={(e) => setFilter((f) => ({ ...f, year: e.target.value }))}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="">{t('lots.all')}</MenuItem>
          {years.map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void Promise.all([load(), loadOptions()])}>
          {t('catalogue.refresh')}
        </Button>
      </Box>

      <Alert severity="info" variant="outlined" sx={{ mb: 1.5, py: 0 }}>
        {t('lots.unitsNote')}
      </Alert>

      <LoadErrorAlert message={loadError} />

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('lots.title')} sx={compactTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('lots.colCode')}</TableCell>
              <TableCell>{t('lots.colProducer')}</TableCell>
              <TableCell>{t('lots.colCrop')}</TableCell>
              <TableCell>{t('lots.colYear')}</TableCell>
              <TableCell align="right">{t('lots.colTotalKg')}</TableCell>
              <TableCell align="right">{t('lots.colUsedKg')}</TableCell>
              <TableCell align="right">{t('lots.colRemainingKg')}</TableCell>
              <TableCell align="right">{t('lots.colTotalQ')}</TableCell>
              <TableCell align="right">{t('lots.colUsedQ')}</TableCell>
              <TableCell align="right">{t('lots.colRemainingQ')}</TableCell>
              <TableCell align="right" sx={pinActions}>
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows rows={rows} colSpan={11} emptyText={t('catalogue.empty')} hideEmpty={!!loadError} />
            {rows?.map((l) => (
              <TableRow key={l.lotID} hover data-lot-code={l.lotCode}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.lotCode}</TableCell>
                <TableCell>{l.producerName}</TableCell>
                <TableCell>{l.cropName}</TableCell>
                <TableCell>{l.year}</TableCell>
                <TableCell align="right">{kg(l.quantityAvailable)}</TableCell>
                <TableCell align="right">{kg(l.quantityUsed)}</TableCell>
                <TableCell align="right">{kg(l.remaining)}</TableCell>
                <TableCell align="right">{quintal(l.quantityAvailable)}</TableCell>
                <TableCell align="right">{quintal(l.quantityUsed)}</TableCell>
                <TableCell align="right">{quintal(l.remaining)}</TableCell>
                <TableCell align="right" sx={pinActions}>
                  {canEdit && (
                    <Button size="small" onClick={() => edit(l)}>
                      {t('catalogue.edit')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setQrLot(l)}>
                    {t('lots.qr')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <QrDialog key={qrLot?.lotID ?? 0} lot={qrLot} onClose={() => setQrLot(null)} />
    </Box>
  );
}
