import { startTransition, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { qtyChoices } from '@shared/crop-rules';
import { typedAadhaar, typedMobile } from '@shared/typed-numbers';
import type { CropDropdownItem } from '@shared/schemas/crops';
import { ApiError, errorMessage } from '@web/lib/api';
import type { JustRegistered } from '@web/lib/just-registered';
import { to } from '@web/paths';
import { publicPages } from '@web/startup';
import { isFormOpen, loadCrops, submitRegistration, uploadScan, type UploadedScan } from './api';
import { FILE_FIELD } from './fields';
import { EMPTY, newKey, rulesOf, SAMPLE, type Values } from './form-values';
import { loadValidation } from './load-validation';

export interface Registered {
  id: number;
  year: number;
  code: string;
  existing: boolean;
}

/** What is wrong with the chosen file (shown under the file rule's message, docs/product-rules.md#registration-form-checks-and-messages). */
export type FileReason = 'size' | 'type' | 'empty';

export type RegistrationForm = ReturnType<typeof useRegistrationForm>;

/**
 * The registration form's state and actions: the crops and whether registration is open, the values and
 * field errors, the scan (checked when chosen, uploaded once per file on Submit), the submit with its
 * idempotency key, and the move to the appointment letter at once after success
 * (docs/product-rules.md#the-letter-opens-at-once-after-a-registration).
 */
export function useRegistrationForm(inAdmin: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean | null>(null);
  const [crops, setCrops] = useState<CropDropdownItem[]>([]);
  const [values, setValues] = useState<Values>(SAMPLE);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [fileReason, setFileReason] = useState<FileReason | null>(null);
  const [done, setDone] = useState<Registered | null>(null);
  /** After 'already registered' (409): the Find my letter form, filled with the Aadhaar and mobile just typed. */
  const [findWith, setFindWith] = useState<{ aadhaar: string; mobile: string } | null>(null);
  const busyRef = useRef(false);
  const uploaded = useRef<UploadedScan | null>(null);
  const idemKey = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);

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
    };
  }, []);

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
    // The file rule at once, with the rule's own message (Submit checks it again); its code came with the first focus.
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
      void publicPages.appointment.load().catch(() => undefined); // the letter's code arrives while the form is sent
      const reply = await submitRegistration({ ...body, fileKey: uploaded.current.key }, idemKey.current);
      const code = reply.data.uniqeCode || reply.data.uniqueCode;
      const existing = reply.data.existing === true;
      window.scrollTo?.(0, 0);
      if (code) {
        const opened: JustRegistered = { registered: true, existing };
        void navigate(to.appointment(code), { replace: true, state: opened });
        return;
      }
      setDone({ id: reply.data.id, year: reply.data.year, code, existing });
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

  return {
    open,
    crops,
    values,
    rules,
    choices,
    file,
    fileInput,
    fileReason,
    errors,
    alert,
    busy,
    progress,
    uploadFailed,
    done,
    findWith,
    set,
    pickFile,
    reset,
    submit,
    newRegistration,
  };
}
