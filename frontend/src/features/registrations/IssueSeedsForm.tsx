import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cropLabel } from '@shared/crop-names';
import { QTY_CLAMP, quantityLabel, saleLimit } from '@shared/crop-rules';
import { formatRupees } from '@shared/format';
import type { RegistrationRow } from '@shared/schemas/registration';
import {
  DEFAULT_PAYMENT_MODE,
  UPI_REF_LENGTH,
  UPI_REF_RE,
  upiRefOf,
  type MakeSaleForm,
  type PaymentMode,
} from '@shared/schemas/sales';
import { fittingLot } from './fitting-lot';
import { checkSaleQuantity, unitKg, type QuantityProblem } from './sale-quantity';
import type { IssueLots } from './use-issue-lots';

const kgText = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n);

interface IssueSeedsFormProps extends Omit<IssueLots, 'loadError'> {
  row: RegistrationRow;
  /** May sell more than registered for (ticking the box). */
  isAdmin: boolean;
  busy: boolean;
  /** The sale's failure, or why the lots could not be loaded. */
  error: string;
  /** The sale, with its total in rupees as shown (for the payment question). */
  onIssue: (sale: MakeSaleForm, total: string) => void;
  /** The button's text (default: Issue Seeds' own). */
  submitLabel?: string;
}

/**
 * The sale of Issue Seeds: lot, quantity, payment mode and the total. The lot starts at the one that fits
 * (fittingLot) until the clerk picks another; the button works only with a lot and a quantity that passes
 * checkSaleQuantity.
 */
export function IssueSeedsForm({ row, crop, lots, isAdmin, busy, error, onIssue, submitLabel }: IssueSeedsFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  const initialCount = row.bagsRequested || 1;
  const [pickedLot, setPickedLot] = useState<string | null>(null);
  const [qty, setQty] = useState(String(initialCount));
  const [mode, setMode] = useState<PaymentMode>(DEFAULT_PAYMENT_MODE);
  const [override, setOverride] = useState(false);
  const [upiTyped, setUpiTyped] = useState('');

  const rules = crop?.rules ?? null;
  const bagCrop = rules?.unit === 'bag';
  const suggested = lots && crop ? fittingLot(lots, initialCount * unitKg(rules)) : null;
  const lotID = pickedLot ?? (suggested ? String(suggested.lotID) : '');
  const lot = lots?.find((l) => String(l.lotID) === lotID);
  const { count, quantityKg, aboveRequest, problem } = checkSaleQuantity({
    text: qty,
    rules,
    row,
    lot,
    overRequestAllowed: isAdmin && override,
  });
  const problemText = (p: QuantityProblem) =>
    p.kind === 'invalid'
      ? t('staffChecks.qtyInvalid', { min: QTY_CLAMP.min, max: QTY_CLAMP.max })
      : p.kind === 'overRequest'
        ? t('staffChecks.qtyOverRequest', { max: quantityLabel(p.limit, rules?.unit, lang) })
        : t('staffChecks.qtyOverStock', { kg: kgText(p.remainingKg) });
  // An online payment's UPI reference (docs/product-rules.md#an-online-payment-carries-its-upi-reference): optional, but only digits that can be one.
  const upiRef = mode === 'Online' ? upiRefOf(upiTyped) : '';
  const upiInvalid = upiRef !== '' && !UPI_REF_RE.test(upiRef);
  const canIssue = Boolean(lot) && !problem && !upiInvalid && !busy;

  const total = lot ? formatRupees(Math.round(quantityKg * Math.round(lot.pricePerUnit * 100)) / 100) : '';
  const submit = () => {
    if (!lot || !canIssue) return;
    onIssue(
      {
        farmerID: row.farmerID ?? undefined,
        lotID: lot.lotID,
        registrationID: row.id,
        year: row.year,
        bags: count,
        bagSizeKg: bagCrop ? unitKg(rules) : count,
        paymentMode: mode,
        ...(upiRef ? { upiRef } : {}),
        ...(aboveRequest && isAdmin && override ? { overRequested: true } : {}),
      },
      total,
    );
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      sx={{ p: 2, gridColumn: { md: '1 / span 2' }, display: 'grid', gap: 2, maxWidth: 720 }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={t('issueSeeds.title')}
    >
      {crop === null && <Alert severity="warning">{t('issueSeeds.cropUnknown', { name: cropLabel(row, i18n.language) })}</Alert>}
      {crop && lots && !lots.length && <Alert severity="warning">{t('issueSeeds.noLots')}</Alert>}
      <TextField
        select
        size="small"
        label={t('issueSeeds.lot')}
        name="lotID"
        value={lotID}
        onChange={(e) => setPickedLot(e.target.value)}
        disabled={!lots?.length}
        helperText={suggested && lotID === String(suggested.lotID) ? t('issueSeeds.lotSuggested') : undefined}
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
        label={bagCrop ? t('issueSeeds.bags', { size: unitKg(rules) }) : t('issueSeeds.kg')}
        value={qty}
        onChange={(e) => setQty(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ? problemText(problem) : undefined}
        slotProps={{
          htmlInput: {
            min: QTY_CLAMP.min,
            max: isAdmin ? QTY_CLAMP.max : saleLimit(rules ?? undefined, row),
            step: 1,
            inputMode: 'numeric',
          },
        }}
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
      {mode === 'Online' && (
        <TextField
          size="small"
          name="upiRef"
          label={t('counterDesk.upiRef')}
          value={upiTyped}
          onChange={(e) => setUpiTyped(e.target.value)}
          error={upiInvalid}
          helperText={upiInvalid ? t('counterDesk.upiRefInvalid') : t('counterDesk.upiRefHelp')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: UPI_REF_LENGTH + 6 } }}
        />
      )}
      {lot && !problem && (
        <Typography data-testid="issue-summary">
          {t('issueSeeds.summary', {
            kg: kgText(quantityKg),
            price: formatRupees(lot.pricePerUnit),
            total,
          })}
        </Typography>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={!canIssue}>
          {submitLabel ?? t('issueSeeds.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
