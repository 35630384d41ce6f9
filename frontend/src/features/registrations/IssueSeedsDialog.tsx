import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { QTY_CLAMP, quantityLabel, saleLimit, sameCrop, type CropRules } from '@shared/crop-rules';
import { formatDay, formatRupees } from '@shared/format';
import type { LotForCrop } from '@shared/schemas/lots';
import type { RegistrationRow } from '@shared/schemas/registration';
import { DEFAULT_PAYMENT_MODE, type MakeSaleForm, type PaymentMode } from '@shared/schemas/sales';
import { call, errorMessage } from '@web/lib/api';
import { sessionHasRole, useSession } from '@web/lib/session';
import { paths } from '@web/paths';

/**
 * Issue Seeds (docs/product-rules.md#issue-seeds): a full-screen dialog over the Registrations page for an unbilled
 * registration. The lot list holds the lots of the registration's crop that still have stock (the crop is
 * found in the catalogue by name, ignoring spaces, hyphens and case); the button works only with a lot and a
 * quantity above 0; after 'Are you sure payment is done?' the sale is made and the Bills page opens.
 * The quantity must be a whole number within the sale limits (1 to 10, docs/product-rules.md#issue-seeds), within what
 * the farmer registered for (the crop's maximum when the form asked none) and within the lot's stock:
 * otherwise the field says why, no total is shown and the button stays off. An admin may tick 'sell more than
 * registered' to go above the request (the server records it on the bill); a seller cannot.
 */
const makeSale = (body: MakeSaleForm) => call('POST /api/sales/make', { body });
const cropChoices = () => call('GET /api/crops/dropdown', { query: { includeInactive: true } });
const lotsForCrop = (cropId: number) => call('GET /api/lots/for-crop', { query: { cropId } });

const kgText = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);

function Detail({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {value === undefined || value === null || value === '' ? '—' : value}
      </Typography>
    </Box>
  );
}

export interface IssueSeedsDialogProps {
  row: RegistrationRow;
  onClose: () => void;
}

export function IssueSeedsDialog({ row, onClose }: IssueSeedsDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [lotID, setLotID] = useState('');
  const [qty, setQty] = useState(String(row.bagsRequested || 1));
  const [mode, setMode] = useState<PaymentMode>(DEFAULT_PAYMENT_MODE);
  // The sale's failure; once a sale is tried it takes the place of a loading failure.
  const [saleError, setSaleError] = useState<string | null>(null);
  const [override, setOverride] = useState(false);
  const isAdmin = sessionHasRole(useSession(), ['admin']);
  const sale = useMutation({ mutationFn: makeSale });
  const busy = sale.isPending;

  // The registration's crop in the catalogue (null: none by that name), then its lots with stock.
  const cropQuery = useQuery({
    queryKey: ['issue-seeds-crop', row.cropId, row.cropName],
    queryFn: async () =>
      (await cropChoices()).find((c) => (row.cropId ? c.id === row.cropId : sameCrop(c.name, row.cropName))) ?? null,
  });
  const crop = cropQuery.data;
  const lotsQuery = useQuery({
    queryKey: ['issue-seeds-lots', crop?.id],
    queryFn: () => lotsForCrop(crop!.id),
    enabled: !!crop,
    select: (list) => list.filter((l) => l.remaining > 0),
  });
  const lots: LotForCrop[] | null = cropQuery.isError || crop === null || lotsQuery.isError ? [] : (lotsQuery.data ?? null);
  const failedLoad = cropQuery.error ?? lotsQuery.error;
  const error = saleError ?? (failedLoad ? errorMessage(failedLoad, t('common.failedToLoad')) : '');

  const rules: CropRules | null = crop?.rules ?? null;
  const bagCrop = rules?.unit === 'bag';
  const bagSize = bagCrop ? rules!.bagSizeKg : 1;
  const count = qty.trim() === '' ? NaN : Number(qty);
  const lot = lots?.find((l) => String(l.lotID) === lotID);
  const wholeInRange = Number.isInteger(count) && count >= QTY_CLAMP.min && count <= QTY_CLAMP.max;
  const quantityKg = wholeInRange ? count * bagSize : 0;
  const overStock = Boolean(lot) && quantityKg > 0 && quantityKg > lot!.remaining;
  const limit = saleLimit(rules ?? undefined, row);
  const aboveRequest = wholeInRange && count > limit;
  const qtyProblem = !wholeInRange
    ? t('staffChecks.qtyInvalid', { min: QTY_CLAMP.min, max: QTY_CLAMP.max })
    : aboveRequest && !(isAdmin && override)
      ? t('staffChecks.qtyOverRequest', { max: quantityLabel(limit, rules?.unit, i18n.language === 'hi' ? 'hi' : 'en') })
      : overStock
        ? t('staffChecks.qtyOverStock', { kg: kgText(lot!.remaining) })
        : '';
  const validQuantity = quantityKg > 0 && !qtyProblem;
  const canIssue = Boolean(lot) && validQuantity && !busy;

  const issue = async () => {
    if (!lot || !canIssue) return;
    if (!window.confirm(t('issueSeeds.confirm'))) return;
    setSaleError('');
    try {
      await sale.mutateAsync({
        farmerID: row.farmerID ?? undefined,
        lotID: lot.lotID,
        registrationID: row.id,
        year: row.year,
        bags: count,
        bagSizeKg: bagCrop ? bagSize : count,
        paymentMode: mode,
        ...(aboveRequest && isAdmin && override ? { overRequested: true } : {}),
      });
      onClose();
      void navigate(paths.admin.bills);
    } catch (e) {
      const message = errorMessage(e, t('issueSeeds.failed'));
      setSaleError(message);
      window.alert(message);
    }
  };

  const address = [row.village, row.block, row.subDistrict, row.district].filter(Boolean).join(', ');
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="issue-seeds-title">
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('issueSeeds.close')}>
            <CloseIcon />
          </IconButton>
          <Typography id="issue-seeds-title" variant="h6" component="h2" sx={{ ml: 1, flex: 1 }}>
            {t('issueSeeds.title')} — {row.name} ({row.id}/{row.year})
          </Typography>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          p: { xs: 2, md: 3 },
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            {t('issueSeeds.farmer')}
          </Typography>
          <Detail label={t('issueSeeds.name')} value={row.name} />
          <Detail label={t('issueSeeds.father')} value={row.fatherName} />
          <Detail label={t('issueSeeds.aadhaar')} value={row.adharNumber} />
          <Detail label={t('issueSeeds.mobile')} value={row.mobileNumber} />
          <Detail label={t('issueSeeds.address')} value={address} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            {t('issueSeeds.registration')}
          </Typography>
          <Detail label="ID" value={`${row.id} / ${row.year}`} />
          <Detail label={t('issueSeeds.crop')} value={row.cropName} />
          <Detail
            label={t('issueSeeds.requested')}
            value={quantityLabel(row.bagsRequested, row.unit, i18n.language === 'hi' ? 'hi' : 'en')}
          />
          <Detail
            label={t('issueSeeds.appointment')}
            value={[
              row.appointmentDate || row.appointmentDateTime
                ? formatDay(row.appointmentDate || row.appointmentDateTime, i18n.language)
                : '',
              row.appointmentShift,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </Paper>

        <Paper
          variant="outlined"
          component="form"
          sx={{ p: 2, gridColumn: { md: '1 / span 2' }, display: 'grid', gap: 2, maxWidth: 720 }}
          onSubmit={(e) => {
            e.preventDefault();
            void issue();
          }}
          aria-label={t('issueSeeds.title')}
        >
          {crop === null && <Alert severity="warning">{t('issueSeeds.cropUnknown', { name: row.cropName })}</Alert>}
          {crop && lots && !lots.length && <Alert severity="warning">{t('issueSeeds.noLots')}</Alert>}
          <TextField
            select
            size="small"
            label={t('issueSeeds.lot')}
            name="lotID"
            value={lotID}
            onChange={(e) => setLotID(e.target.value)}
            disabled={!lots?.length}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">—</option>
            {(lots ?? []).map((l) => (
              <option key={l.lotID} value={String(l.lotID)}>
                {t('issueSeeds.lotOption', { code: l.lotCode, kg: kgText(l.remaining), price: formatRupees(l.pricePerUnit) })}
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            name="quantity"
            label={bagCrop ? t('issueSeeds.bags', { size: bagSize }) : t('issueSeeds.kg')}
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            error={Boolean(qtyProblem)}
            helperText={qtyProblem || undefined}
            slotProps={{ htmlInput: { min: QTY_CLAMP.min, max: isAdmin ? QTY_CLAMP.max : limit, step: 1, inputMode: 'numeric' } }}
          />
          {isAdmin && aboveRequest && (
            <FormControlLabel
              control={<Checkbox name="overRequested" checked={override} onChange={(e) => setOverride(e.target.checked)} />}
              label={t('issueSeeds.overRequested')}
            />
          )}
          <Box>
            <FormLabel id="payment-mode-label">{t('issueSeeds.paymentMode')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="payment-mode-label"
              name="paymentMode"
              value={mode}
              onChange={(e) => setMode(e.target.value as PaymentMode)}
            >
              <FormControlLabel value="Cash" control={<Radio />} label={t('issueSeeds.cash')} />
              <FormControlLabel value="Online" control={<Radio />} label={t('issueSeeds.online')} />
            </RadioGroup>
          </Box>
          {lot && validQuantity && (
            <Typography data-testid="issue-summary">
              {t('issueSeeds.summary', {
                kg: kgText(quantityKg),
                price: formatRupees(lot.pricePerUnit),
                total: formatRupees(Math.round(quantityKg * Math.round(lot.pricePerUnit * 100)) / 100),
              })}
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={!canIssue}>
              {t('issueSeeds.submit')}
            </Button>
          </Box>
        </Paper>
      </Box>
    </Dialog>
  );
}
