import { startTransition, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { LazyAlert as Alert, preloadAlert } from '@web/components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { defaultRulesFor, qtyChoices, quantityLabel, unitLabel, type CropRules } from '@shared/crop-rules';
import { UP_DISTRICTS } from '@shared/districts';
import type { CropDropdownItem } from '@shared/schemas/crops';
import { ApiError, errorMessage } from '@web/lib/api';
import { LightTextField as TextField } from '@web/components/LightTextField';
import { usePageTitle } from '@web/components/usePageTitle';
import { to } from '@web/paths';
import { findLetters, isFormOpen, loadCrops, submitRegistration, uploadScan, type FoundLetter, type UploadedScan } from './api';
import { CATEGORIES, digitsOnly, FIELD_MESSAGES, FILE_ACCEPT, FILE_FIELD, GENDERS } from './fields';

/**
 * The shared schema with zod (./validate.ts) and the error alert's code: fetched when the farmer first
 * touches the form, awaited on Submit.
 */
let validation: Promise<typeof import('./validate')> | undefined;
function loadValidation() {
  validation ??= Promise.all([import('./validate'), preloadAlert()]).then(
    ([m]) => m,
    (e: unknown) => {
      validation = undefined;
      throw e;
    },
  );
  return validation;
}

/**
 * The farmer's seed registration form (public at /registration, and Internal Registration inside the admin
 * area). Light on purpose: it is the page the registration-day surge hits on cheap phones.
 */
interface Values {
  Name: string;
  fatherName: string;
  adharNumber: string;
  mobile: string;
  category: string;
  gender: string;
  village: string;
  block: string;
  subDistrict: string;
  district: string;
  cropId: string;
  bagsRequested: string;
}

/** The sample the form starts with (spec); Reset empties it. */
const SAMPLE: Values = {
  Name: 'राम कुमार',
  fatherName: 'श्याम लाल',
  adharNumber: '',
  mobile: '',
  category: 'GEN',
  gender: GENDERS[0],
  village: 'रामपुर',
  block: 'सरोजनी नगर',
  subDistrict: 'लखनऊ सदर',
  district: 'Lucknow',
  cropId: '',
  bagsRequested: '1',
};

const EMPTY: Values = {
  Name: '',
  fatherName: '',
  adharNumber: '',
  mobile: '',
  category: '',
  gender: '',
  village: '',
  block: '',
  subDistrict: '',
  district: '',
  cropId: '',
  bagsRequested: '',
};

const LETTER_DELAY_MS = 4000;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The key of a spec field message (FIELD_MESSAGES), to show it in the page's language. */
const messageKey = (message: string) =>
  (Object.keys(FIELD_MESSAGES) as (keyof typeof FIELD_MESSAGES)[]).find((k) => FIELD_MESSAGES[k] === message);

function rulesOf(crop: CropDropdownItem | undefined): CropRules | undefined {
  if (!crop) return undefined;
  return crop.rules ?? defaultRulesFor(crop.name);
}

export default function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const inAdmin = pathname.startsWith('/admin');
  usePageTitle(inAdmin ? t('registration.adminTitle') : t('registration.title'));
  const lang = i18n.language === 'en' ? 'en' : 'hi';

  const [open, setOpen] = useState<boolean | null>(null);
  const [crops, setCrops] = useState<CropDropdownItem[]>([]);
  const [values, setValues] = useState<Values>(SAMPLE);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  /** What is wrong with the chosen file (shown under the spec's message). */
  const [fileReason, setFileReason] = useState<'size' | 'type' | 'empty' | null>(null);
  const [done, setDone] = useState<{ id: number; year: number; code: string; existing: boolean } | null>(null);
  /** After 'already registered' (409): the Find my letter form, filled with the Aadhaar and mobile just typed. */
  const [findWith, setFindWith] = useState<{ aadhaar: string; mobile: string } | null>(null);
  const busyRef = useRef(false);
  const uploaded = useRef<UploadedScan | null>(null);
  const idemKey = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);
  const letterTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let live = true;
    // Transitions: the form re-renders in short slices, not in one long task on a slow phone.
    void isFormOpen().then((v) => live && startTransition(() => setOpen(v)));
    void loadCrops().then((items) => {
      if (!live) return;
      startTransition(() => {
        setCrops(items);
        // The sample starts on the first crop of the list.
        setValues((v) =>
          v.cropId || !items.length
            ? v
            : { ...v, cropId: String(items[0].id), bagsRequested: String(rulesOf(items[0])?.defaultQty ?? 1) },
        );
      });
    });
    return () => {
      live = false;
      window.clearTimeout(letterTimer.current);
    };
  }, []);

  /**
   * A field's message in the page's language: the spec's Hindi text (shared schema, server) as it is in
   * Hindi, with its English after it in English (registration.fieldErrors); any other message as given.
   */
  const fieldError = (message: string | undefined) => {
    const key = message ? messageKey(message) : undefined;
    return key ? t(`registration.fieldErrors.${key}`) : message;
  };

  const crop = crops.find((c) => String(c.id) === values.cropId);
  const rules = rulesOf(crop);
  const choices = qtyChoices(rules);

  const set = (name: keyof Values) => (e: ChangeEvent<HTMLInputElement>) => {
    let v = e.target.value;
    if (name === 'adharNumber') v = digitsOnly(v, 12);
    if (name === 'mobile') v = digitsOnly(v, 10);
    setValues((old) => {
      const next = { ...old, [name]: v };
      if (name === 'cropId') {
        const r = rulesOf(crops.find((c) => String(c.id) === v));
        next.bagsRequested = r ? String(r.defaultQty) : '';
      }
      return next;
    });
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const pickFile = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const f = input.files?.[0] ?? null;
    setFile(f);
    uploaded.current = null;
    setUploadFailed(false);
    setProgress(null);
    setFileReason(null);
    if (errors[FILE_FIELD]) setErrors(({ [FILE_FIELD]: _gone, ...rest }) => rest);
    // The file rule at once, with the spec's message (Submit checks it again); its code came with the first focus.
    if (f)
      loadValidation().then(
        (check) => {
          const issue = input.files?.[0] === f ? check.fileIssue(f) : null; // skipped if another file was chosen since
          if (!issue) return;
          setErrors((old) => ({ ...old, [FILE_FIELD]: issue.message }));
          setFileReason(issue.reason);
        },
        () => undefined,
      );
  };

  const reset = () => {
    setValues(EMPTY);
    setFile(null);
    uploaded.current = null;
    if (fileInput.current) fileInput.current.value = '';
    setErrors({});
    setAlert('');
    setProgress(null);
    setUploadFailed(false);
    setFileReason(null);
    idemKey.current = newKey();
  };

  const newRegistration = () => {
    window.clearTimeout(letterTimer.current);
    setDone(null);
    reset();
    setValues(SAMPLE);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busyRef.current) return; // double submits are ignored
    let check: Awaited<ReturnType<typeof loadValidation>>;
    busyRef.current = true;
    try {
      check = await loadValidation();
    } catch (err) {
      setAlert(errorMessage(err, t('common.failed')));
      return;
    } finally {
      busyRef.current = false;
    }
    const body = {
      ...values,
      cropName: crop?.name ?? '',
      cropId: crop?.id,
      bagsRequested: choices.length ? Number(values.bagsRequested) : undefined,
      isAdmin: inAdmin,
    };
    const found = check.registrationProblems(body, file);
    if (Object.keys(found).length) {
      setErrors(found);
      setFileReason((file && check.fileIssue(file)?.reason) || null);
      setAlert(check.MSG_FORM_INVALID);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setErrors({});
    setAlert('');
    setUploadFailed(false);
    try {
      if (!uploaded.current || uploaded.current.file !== file) {
        setProgress(0);
        try {
          uploaded.current = await uploadScan(file!, file!.type || check.typeFromName(file!.name), setProgress);
        } catch (err) {
          setUploadFailed(true);
          setProgress(null);
          if (err instanceof ApiError) setAlert(err.message);
          return;
        }
      }
      const reply = await submitRegistration({ ...body, fileKey: uploaded.current.key }, idemKey.current);
      const code = reply.data.uniqeCode || reply.data.uniqueCode;
      setDone({ id: reply.data.id, year: reply.data.year, code, existing: reply.data.existing === true });
      window.scrollTo?.(0, 0);
      if (code)
        letterTimer.current = window.setTimeout(() => void navigate(to.appointment(code), { replace: true }), LETTER_DELAY_MS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setFindWith({ aadhaar: values.adharNumber, mobile: values.mobile });
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        // The server refused the scan: the next Submit uploads it again.
        if (err.fields[FILE_FIELD]) uploaded.current = null;
      }
      setAlert(errorMessage(err, t('common.failed')));
    } finally {
      // The upload's progress says nothing once the attempt is over (refused, failed or done).
      setProgress(null);
      busyRef.current = false;
      setBusy(false);
    }
  };

  const title = inAdmin ? t('registration.adminTitle') : t('registration.title');

  if (done) {
    return (
      <Paper
        component="section"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mx: 'auto' }}
        aria-live="polite"
        data-testid="registration-success"
      >
        <Typography variant="h5" component="h1" gutterBottom color="success.main">
          {t('registration.successTitle')}
        </Typography>
        {done.existing && (
          <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid="registration-existing">
            {t('registration.alreadyRegistered')}
          </Typography>
        )}
        <Typography sx={{ mb: 1 }}>{t('registration.successBody', { id: done.id, year: done.year })}</Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, my: 2, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}
        >
          <dt>{t('registration.regNo')}</dt>
          <dd data-testid="registration-id">{done.id}</dd>
          <dt>{t('registration.year')}</dt>
          <dd>{done.year}</dd>
        </Box>
        {done.code && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('registration.openingLetter')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={!done.code}
            onClick={() => {
              window.clearTimeout(letterTimer.current);
              window.open(to.appointment(done.code, done.id), '_blank', 'noopener');
            }}
          >
            {t('registration.getLetter')}
          </Button>
          <Button variant="outlined" onClick={newRegistration}>
            {t('registration.newRegistration')}
          </Button>
        </Box>
        {done.code && (
          <Typography variant="caption" component="p" sx={{ mt: 2 }}>
            <RouterLink to={`/svs-appointment-lettter/${encodeURIComponent(done.code)}`}>
              {t('registration.letterLink')}
            </RouterLink>
          </Typography>
        )}
      </Paper>
    );
  }

  if (open === false) {
    return (
      <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="warning" role="status">
          <strong>{t('registration.closed')}</strong>
          <br />
          {t('registration.closedBody')}
        </Alert>
        <FindLetter />
      </Box>
    );
  }

  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      id={`reg-${name}`}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={fieldError(errors[name]) || ' '}
      fullWidth
      size="small"
      {...extra}
    />
  );
  const select = (
    name: keyof Values,
    label: string,
    options: { value: string; label: string }[],
    extra: Record<string, unknown> = {},
  ) =>
    field(name, label, {
      select: true,
      slotProps: { select: { native: true }, inputLabel: { shrink: true } },
      children: [
        <option key="" value="">
          {t('registration.choose')}
        </option>,
        ...options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        )),
      ],
      ...extra,
    });

  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('registration.intro')}
      </Typography>
      {open === null && <LinearProgress sx={{ mb: 2 }} aria-label={t('app.loading')} />}
      {alert && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="registration-alert">
          {alert}
          {findWith && (
            <Box component="span" sx={{ display: 'block', mt: 1 }}>
              <a href="#find" data-testid="registration-find-link">
                {t('registration.findSubmit')}
              </a>
            </Box>
          )}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-busy={busy}
        onFocus={() => void loadValidation().catch(() => undefined)}
      >
        {/* rowGap: a raised outlined label sits 9 px above its field's box; without the gap it covers the message line of the field above. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
          {field('Name', t('registration.name'), { autoComplete: 'name' })}
          {field('fatherName', t('registration.fatherName'))}
          {field('adharNumber', t('registration.adharNumber'), {
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 12, pattern: '[0-9]*', autoComplete: 'off' } },
          })}
          {field('mobile', t('registration.mobile'), {
            type: 'tel',
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 10, pattern: '[0-9]*', autoComplete: 'tel-national' } },
          })}
          {select(
            'category',
            t('registration.category'),
            CATEGORIES.map((c) => ({ value: c, label: t(`registration.categories.${c}`) })),
          )}
          {select('gender', t('registration.gender'), [
            { value: GENDERS[0], label: t('registration.genders.male') },
            { value: GENDERS[1], label: t('registration.genders.female') },
          ])}
          {field('village', t('registration.village'))}
          {field('block', t('registration.block'))}
          {field('subDistrict', t('registration.subDistrict'))}
          {select(
            'district',
            t('registration.district'),
            UP_DISTRICTS.map((d) => ({ value: d.en, label: lang === 'hi' ? `${d.hi} (${d.en})` : `${d.en} (${d.hi})` })),
          )}
          {select(
            'cropId',
            t('registration.crop'),
            crops.map((c) => ({ value: String(c.id), label: c.name })),
            {
              error: Boolean(errors.cropId),
              helperText: fieldError(errors.cropId) || (crops.length ? ' ' : t('registration.cropsEmpty')),
            },
          )}
          {choices.length > 0 &&
            select(
              'bagsRequested',
              t('registration.quantity', { unit: unitLabel(rules, lang) }),
              choices.map((q) => ({ value: String(q), label: quantityLabel(q, rules?.unit, lang) })),
            )}
        </Box>

        <Box sx={{ mt: 1, mb: 2 }}>
          <Typography
            component="label"
            id="reg-file-label"
            htmlFor="reg-file"
            variant="body2"
            sx={{ display: 'block', mb: 0.5, color: errors[FILE_FIELD] ? 'error.main' : 'text.secondary' }}
          >
            {t('registration.file')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {/* A real button (keyboard and screen readers) that opens the hidden file input. */}
            <Button
              id="reg-file-button"
              variant="outlined"
              color={errors[FILE_FIELD] ? 'error' : 'primary'}
              // error.dark keeps the text at 4.5:1 on the button's tinted background (WCAG AA).
              sx={errors[FILE_FIELD] ? { color: 'error.dark' } : undefined}
              disabled={busy}
              onClick={() => fileInput.current?.click()}
              aria-labelledby="reg-file-label reg-file-button"
              data-testid="registration-file-button"
            >
              {file ? t('registration.changeFile') : t('registration.chooseFile')}
            </Button>
            <input
              ref={fileInput}
              id="reg-file"
              name={FILE_FIELD}
              type="file"
              accept={FILE_ACCEPT}
              hidden
              onChange={pickFile}
              data-testid="registration-file"
            />
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : t('registration.noFile')}
            </Typography>
          </Box>
          {errors[FILE_FIELD] && (
            <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
              {fieldError(errors[FILE_FIELD])}
              {fileReason && file && (
                <>
                  <br />
                  {t(`registration.fileIssue.${fileReason}`, { size: Math.ceil(file.size / 1024) })}
                </>
              )}
            </Typography>
          )}
          {progress !== null && (
            <Box sx={{ mt: 1 }}>
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label={t('registration.uploading', { percent: progress })}
              />
              <Typography variant="caption">{t('registration.uploading', { percent: progress })}</Typography>
            </Box>
          )}
          {uploadFailed && (
            <Alert
              severity="warning"
              sx={{ mt: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => void submit()} disabled={busy}>
                  {t('registration.retryUpload')}
                </Button>
              }
            >
              {t('registration.uploadFailed')}
            </Alert>
          )}
        </Box>

        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="registration-submit">
            {busy ? t('registration.submitting') : t('registration.submit')}
          </Button>
          <Button type="button" variant="text" onClick={reset} disabled={busy}>
            {t('registration.reset')}
          </Button>
        </Box>
      </Box>
      <FindLetter key={findWith ? `${findWith.aadhaar}-${findWith.mobile}` : ''} prefill={findWith} />
    </Box>
  );
}

/** "Find my letter": Aadhaar + mobile give the letter's code (rate-limited on the server). */
function FindLetter({ prefill }: { prefill?: { aadhaar: string; mobile: string } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [aadhaar, setAadhaar] = useState(prefill?.aadhaar ?? '');
  const [mobile, setMobile] = useState(prefill?.mobile ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<FoundLetter[]>([]);

  const find = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setChoices([]);
    try {
      const letters = await findLetters(aadhaar, mobile);
      // One letter: open it. Several (one per crop and year): the farmer picks.
      if (letters.length === 1) void navigate(to.appointment(letters[0].uniqueCode));
      else setChoices(letters);
    } catch (err) {
      setError(errorMessage(err, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper id="find" component="form" variant="outlined" onSubmit={(e) => void find(e)} sx={{ p: 2, mt: 4 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('registration.findTitle')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
          columnGap: 1,
          rowGap: 1.5,
          alignItems: 'start',
        }}
      >
        <TextField
          size="small"
          label={t('registration.adharNumber')}
          value={aadhaar}
          onChange={(e) => setAadhaar(digitsOnly(e.target.value, 12))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
        />
        <TextField
          size="small"
          label={t('registration.mobile')}
          value={mobile}
          onChange={(e) => setMobile(digitsOnly(e.target.value, 10))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
        <Button type="submit" variant="outlined" disabled={busy || aadhaar.length !== 12 || mobile.length !== 10}>
          {busy ? t('registration.finding') : t('registration.findSubmit')}
        </Button>
      </Box>
      {choices.length > 0 && (
        <Box component="ul" data-testid="letter-choices" sx={{ m: 0, mt: 1.5, pl: 2.5 }}>
          {choices.map((l) => (
            <li key={l.uniqueCode}>
              <RouterLink to={to.appointment(l.uniqueCode)}>
                {t('registration.letterFor', { crop: l.cropName, year: l.year, id: l.id })}
              </RouterLink>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
