import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { digitsOnly, type FilterProblem } from '../lib/filters';

interface BindOptions {
  /** The filter whose problem marks this box too (the "to" date shares the "from" date's). */
  markedBy?: string;
  /** Keep only digits, at most this many. */
  digits?: number;
  /** What the box keeps of what was typed or pasted (e.g. typedMobile). */
  keep?: (text: string) => string;
}

/**
 * The props that bind a search form's boxes to its values: name, value, the change handler and the mark
 * of the filter the server would refuse.
 */
export function filterBinder<F extends object>(form: F, setForm: (update: (f: F) => F) => void, problem: FilterProblem | null) {
  return (name: keyof F & string, { markedBy = name, digits, keep }: BindOptions = {}) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => {
      const value = keep ? keep(e.target.value) : digits ? digitsOnly(e.target.value, digits) : e.target.value;
      setForm((f) => ({ ...f, [name]: value }));
    },
    error: problem?.field === markedBy,
  });
}

/** A small native <select> box whose label always sits above it. */
export function NativeSelectField(props: Omit<TextFieldProps, 'select' | 'slotProps'>) {
  return <TextField size="small" select {...props} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} />;
}
