import { useId, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface LightTextFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  value?: unknown;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  type?: string;
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
  /** Only native selects (<select> with <option> children). */
  select?: boolean;
  children?: ReactNode;
  slotProps?: {
    htmlInput?: Record<string, unknown>;
    inputLabel?: { shrink?: boolean };
    select?: { native?: boolean };
  };
}

/**
 * The outlined TextField of the public forms, built from the same MUI parts (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) with the same markup, ids and classes, but without MUI's Select: TextField
 * always bundles Select and with it Menu, Popover, Modal and their transitions, which the public pages
 * (native selects only) never use.
 */
export function LightTextField({
  id: idProp,
  name,
  label,
  value,
  onChange,
  error = false,
  helperText,
  fullWidth = false,
  size,
  type,
  autoComplete,
  disabled = false,
  required = false,
  select = false,
  children,
  slotProps = {},
}: LightTextFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const shrink = slotProps.inputLabel?.shrink;
  const input = (
    <OutlinedInput
      id={id}
      name={name}
      value={value}
      onChange={onChange}
      type={type}
      autoComplete={autoComplete}
      fullWidth={fullWidth}
      label={label}
      notched={shrink}
      aria-describedby={helperTextId}
      inputProps={slotProps.htmlInput}
    />
  );
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      error={error}
      fullWidth={fullWidth}
      size={size}
      disabled={disabled}
      required={required}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
          {label}
        </InputLabel>
      )}
      {select ? <NativeSelect input={input}>{children}</NativeSelect> : input}
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
