import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { qtyChoices } from '@shared/crop-rules';
import { typedAadhaar, typedMobile } from '@shared/typed-numbers';
import type { RegistrationResult } from '@shared/schemas/replies/registration';
import { ApiError, errorMessage } from '@web/lib/api';
import type { JustRegistered } from '@web/lib/just-registered';
import type { RetryNotice } from '@web/lib/retry';
import { to } from '@web/paths';
import { preloadPage } from '@web/lib/page-preload';
import { MOBILE_NOT_VERIFIED, MOBILE_PROOF_FIELD } from '@shared/mobile-proof';
import { submitRegistration } from './api';
import { type MobileProof, useMobileProof } from './use-mobile-proof';
import { FIELD_MESSAGES, FILE_FIELD, FORM_FIELDS, type FormField } from './fields';
import { fieldElementId, focusElement, focusOnArrival, SUMMARY_ID } from './focus';
import { EMPTY, newKey, rulesOf, typedValues, type Values } from './form-values';
import { loadValidation } from './load-validation';
import { formPageData, useTakeOver } from './takeover';
import { useFormData } from './use-form-data';
import type { UploadedScan } from './upload-scan';

export interface Registered {
  id: number;
  year: number;
  code: string;
  existing: boolean;
  /** Its place in the crop's stock: a date, the waiting list (with its number) or the draw. */
  status: RegistrationResult['status'];
  waitlistPosition?: number;
}

/** What is wrong with the chosen file (shown under the file rule's message, docs/product-rules.md#registration-form-checks-and-messages). */
export type FileReason = 'size' | 'type' | 'empty';

/** A photo made to fit the scan limit: its size before and after, as shown (docs/product-rules.md#aadhaar-scan-photos). */
export type ShrunkNote = { from: string; to: string };

export type RegistrationForm = ReturnType<typeof useRegistrationForm>;

/**
 * The registration form's state and actions: the crops and whether registration is open, the values and
 * field errors, the scan (checked when chosen, uploaded once per file on Submit), the submit with its
 * idempotency key, the focus on the first problem after a refused submit, and the move to the appointment
 * letter at once after success (docs/product-rules.md#the-letter-opens-at-once-after-a-registration).
 */
export function useRegistrationForm(inAdmin: boolean) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  /** The form's own page as the server drew it (/registration opened from a link): its data, and then its fields. */
  const page = inAdmin ? undefined : formPageData();
  const { open, setOpen, crops, cropsState, retryCrops, notice, districts } = useFormData(page);
  const [values, setValues] = useState<Values>(EMPTY);
  /** The consent box under the notice (docs/product-rules.md#notice-and-consent). */
  const [consent, setConsent] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  /** The site answered "too busy" and the form is being sent again: which try, and after how long. */
  const [retrying, setRetrying] = useState<RetryNotice | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [fileReason, setFileReason] = useState<FileReason | null>(null);
  /** While a big photo is being made smaller: how far (0–100); then what was done. */
  const [shrinking, setShrinking] = useState<number | null>(null);
  const [shrunk, setShrunk] = useState<ShrunkNote | null>(null);
  const [done, setDone] = useState<Registered | null>(null);
  const mobileProof = useMobileProof(page?.verifyMobile === true);
  /** After 'already registered' (409): the Find my letter form, filled with the Aadhaar and mobile just typed. */
  const [findWith, setFindWith] = useState<{ aadhaar: string; mobile: string } | null>(null);
  /** After a refused submit: the element to focus once the refusal is on screen (a new object each time). */
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  const busyRef = useRef(false);
  const uploaded = useRef<UploadedScan | null>(null);
  const idemKey = useRef(page?.idempotencyKey ?? newKey());
  const fileInput = useRef<HTMLInputElement>(null);
  /** The file the farmer chose last, and the one to send: the smaller photo once made (Submit awaits it). */
  const chosen = useRef<File | null>(null);
  const toSend = useRef<Promise<File | null>>(Promise.resolve(null));

  const crop = crops.find((c) => String(c.id) === values.cropId);
  const rules = rulesOf(crop);
  const choices = qtyChoices(rules);

  const set = (name: keyof Values) => (e: ChangeEvent<HTMLInputElement>) => {
    let v = e.target.value;
    if (name === 'adharNumber') v = typedAadhaar(v);
    if (name === 'mobile') v = typedMobile(v);
    setValues((old) => {
      const next = { ...old, [name]: v };
      if (name === 'cropId') {
        // The farmer chooses the quantity too: nothing is chosen for them.
        next.bagsRequested = '';
      }
      return next;
    });
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  /** A field given its value directly (the district, chosen from its list). */
  const setField = (name: keyof Values, v: string) => {
    setValues((old) => ({ ...old, [name]: v }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const toggleConsent = (e: ChangeEvent<HTMLInputElement>) => {
    setConsent(e.target.checked);
    if (errors.consent) setErrors(({ consent: _gone, ...rest }) => rest);
  };

  type Check = Awaited<ReturnType<typeof loadValidation>>;
  const tooLarge = (f: File, check: Check) => t('registration.fileIssue.size', check.tooLargeSizes(f));

  /** The file rule's verdict under the chooser: too large (with the sizes), or the rule's message and reason. */
  const showFileIssue = (f: File, check: Check) => {
    const issue = check.fileIssue(f);
    if (!issue) return;
    setErrors((old) => ({ ...old, [FILE_FIELD]: issue.reason === 'size' ? tooLarge(f, check) : issue.message }));
    setFileReason(issue.reason);
  };

  const pickFile = (e: ChangeEvent<HTMLInputElement>) => chooseFile(e.target.files?.[0] ?? null);

  /** A file chosen (or none): checked at once, a big photo made smaller. */
  const chooseFile = (f: File | null) => {
    chosen.current = f;
    toSend.current = Promise.resolve(f);
    setFile(f);
    uploaded.current = null;
    setUploadFailed(false);
    setProgress(null);
    setFileReason(null);
    setShrunk(null);
    setShrinking(null);
    if (errors[FILE_FIELD]) setErrors(({ [FILE_FIELD]: _gone, ...rest }) => rest);
    // The file rule at once (Submit checks it again), or a big photo made smaller; the code came with the first focus.
    if (f)
      loadValidation().then(
        (check) => {
          if (chosen.current !== f) return; // another file was chosen since
          if (check.needsShrinking(f)) {
            // A big photo redrawn as a JPEG under the limit, with progress; refused as too large if it cannot be.
            toSend.current = check.fitPhoto(f, {
              current: () => chosen.current === f,
              progress: setShrinking,
              made: (smaller, note) => {
                setFile(smaller);
                setShrunk(note);
              },
              refused: () => showFileIssue(f, check),
              failed: (err) => setAlert(errorMessage(err, t('common.failed'))),
            });
            return;
          }
          showFileIssue(f, check);
        },
        () => undefined,
      );
  };

  // What the farmer typed and chose in the page's own form before the app took it over (./takeover).
  useTakeOver(
    'registration',
    (values) => {
      setValues(typedValues(values, crops));
      setConsent(values.get('consent') === 'on');
      const file = values.get(FILE_FIELD);
      if (file instanceof File && file.size > 0) chooseFile(file);
    },
    (name) => fieldElementId(name as FormField),
  );

  const reset = () => {
    setValues(EMPTY);
    setConsent(false);
    chosen.current = null;
    toSend.current = Promise.resolve(null);
    setFile(null);
    setShrunk(null);
    setShrinking(null);
    uploaded.current = null;
    if (fileInput.current) fileInput.current.value = '';
    setErrors({});
    setAlert('');
    setProgress(null);
    setUploadFailed(false);
    setFileReason(null);
    idemKey.current = newKey();
  };

  /**
   * Registrations closed while the farmer filled the form in: the upload and the submit answer 403 for that
   * alone. The page then shows the closed notice (with when they open next) instead of an upload or form
   * error. True when that is the case.
   */
  const closedMeanwhile = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 403) return false;
    setOpen(false);
    document.documentElement.toggleAttribute('data-registration-closed', true); // the top bar's "New" badge hides
    return true;
  };

  /** Still too busy after the resends: API Gateway's and the WAF's refusals, which carry no code of ours. */
  const tooBusy = (err: unknown) => err instanceof ApiError && (err.status === 429 || err.status === 503) && !err.code;
  /** Its text comes with the notice's chunk (./RetryNotice), off the form's first load. */
  const busyText = () =>
    import('./RetryNotice').then(
      (m) => m.gaveUpText((key) => t(key)),
      () => t('common.failed'),
    );

  /** Reset as the farmer's button: what was typed or chosen is only thrown away after they confirm it. */
  const resetAsked = () => {
    const typed = Object.values(values).some((v) => v !== '') || chosen.current !== null;
    if (typed && !window.confirm(t('registration.resetConfirm'))) return;
    reset();
  };

  const newRegistration = () => {
    setDone(null);
    reset();
  };

  useEffect(() => {
    if (focusTarget && !focusElement(focusTarget.id)) focusElement(SUMMARY_ID);
  }, [focusTarget]);

  /** A refused submit: the focus goes to the first field named (in the form's order), else to the error summary. */
  const refused = (fields: Record<string, string> = {}) => {
    const first = FORM_FIELDS.find((f) => fields[f]);
    setFocusTarget({ id: first ? fieldElementId(first) : SUMMARY_ID });
  };

  /** The code step gave its proof: the form goes (with the mobile the code went to). */
  const mobileVerified = (p: MobileProof) => {
    mobileProof.keep(p);
    if (p.mobile !== values.mobile) setField('mobile', p.mobile);
    void submit(undefined, p.mobile);
  };

  const submit = async (e?: FormEvent, provenMobile?: string) => {
    e?.preventDefault();
    if (busyRef.current) return; // double submits are ignored
    let check: Check;
    let file: File | null;
    busyRef.current = true;
    try {
      check = await loadValidation();
      file = await toSend.current; // a photo still being made smaller is sent once it is done
    } catch (err) {
      setAlert(errorMessage(err, t('common.failed')));
      refused();
      return;
    } finally {
      busyRef.current = false;
    }
    const body = {
      ...values,
      ...(provenMobile ? { mobile: provenMobile } : {}),
      cropName: crop?.name ?? '',
      cropId: crop?.id,
      bagsRequested: choices.length && values.bagsRequested ? Number(values.bagsRequested) : undefined,
      isAdmin: inAdmin,
      consent,
      lang: i18n.language === 'en' ? 'en' : 'hi',
    };
    const found = check.registrationProblems(body, file);
    if (choices.length && !values.bagsRequested) found.bagsRequested = FIELD_MESSAGES.required;
    if (Object.keys(found).length) {
      const fileReason = (file && check.fileIssue(file)?.reason) || null;
      if (file && fileReason === 'size') found[FILE_FIELD] = tooLarge(file, check);
      setErrors(found);
      setFileReason(fileReason);
      setAlert(check.MSG_FORM_INVALID);
      refused(found);
      return;
    }
    const held = mobileProof.liveFor(body.mobile);
    if (mobileProof.required && !held) {
      // The code to the typed mobile first (MobileCodeStep); the form goes once it is confirmed.
      setAlert('');
      mobileProof.ask();
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
          uploaded.current = await check.uploadScan(
            file!,
            file!.type || check.typeFromName(file!.name),
            setProgress,
            undefined,
            setRetrying,
          );
          setRetrying(null);
        } catch (err) {
          if (closedMeanwhile(err)) return;
          setUploadFailed(true);
          setProgress(null);
          if (err instanceof ApiError) {
            setAlert(tooBusy(err) ? await busyText() : err.message);
            refused();
          }
          return;
        }
      }
      preloadPage('appointment'); // the letter's code arrives while the form is sent
      const reply = await submitRegistration(
        { ...body, fileKey: uploaded.current.key, ...(held ? { [MOBILE_PROOF_FIELD]: held.token } : {}) },
        idemKey.current,
        setRetrying,
      );
      const code = reply.data.uniqeCode || reply.data.uniqueCode;
      const existing = reply.data.existing === true;
      window.scrollTo?.(0, 0);
      if (code) {
        const opened: JustRegistered = { registered: true, existing };
        void navigate(to.appointment(code), { replace: true, state: opened });
        // The result: the letter's 'registered' box (AppointmentLetterPage), not the page's body.
        focusOnArrival('[data-testid="letter-registered"]');
        return;
      }
      setDone({
        id: reply.data.id,
        year: reply.data.year,
        code,
        existing,
        status: reply.data.status,
        waitlistPosition: reply.data.waitlistPosition,
      });
    } catch (err) {
      if (closedMeanwhile(err)) return;
      if (err instanceof ApiError && err.code === MOBILE_NOT_VERIFIED) {
        // Turned on since the page opened, or the proof ended: the code step, then the form again.
        mobileProof.refused();
      }
      if (err instanceof ApiError && err.status === 409) setFindWith({ aadhaar: values.adharNumber, mobile: values.mobile });
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        // The server refused the scan: the next Submit uploads it again.
        if (err.fields[FILE_FIELD]) uploaded.current = null;
      }
      setAlert(tooBusy(err) ? await busyText() : errorMessage(err, t('common.failed')));
      refused(err instanceof ApiError ? err.fields : undefined);
    } finally {
      // The upload's progress and the resends say nothing once the attempt is over (refused, failed or done).
      setRetrying(null);
      setProgress(null);
      busyRef.current = false;
      setBusy(false);
    }
  };

  return {
    open,
    notice,
    crops,
    cropsState,
    retryCrops,
    districts,
    values,
    consent,
    toggleConsent,
    rules,
    choices,
    file,
    fileInput,
    fileReason,
    shrinking,
    shrunk,
    errors,
    alert,
    busy,
    progress,
    retrying,
    uploadFailed,
    done,
    findWith,
    askCode: mobileProof.askCode,
    mobileVerified,
    set,
    setField,
    pickFile,
    reset: resetAsked,
    submit,
    newRegistration,
  };
}
