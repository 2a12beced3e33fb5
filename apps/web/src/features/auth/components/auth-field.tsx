import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import type { ReactNode, Ref } from 'react';

interface AuthFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message under the field; the field is marked invalid while it is set. */
  error?: string | undefined;
  /** A hint under the field when there is no error. */
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  inputProps?: OutlinedInputProps['inputProps'];
}

/**
 * A labelled outlined text field built from MUI's parts rather than TextField: TextField pulls in
 * Select (menus, popovers, transitions), which the sign-in page cannot afford in its bundle budget.
 */
export function AuthField({ id, label, value, onChange, error, hint, type = 'text', required, inputProps, ...rest }: AuthFieldProps) {
  const helper = error ?? hint;
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth variant="outlined" error={Boolean(error)} required={required ?? false}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={id}
        label={label}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ ...inputProps, 'aria-describedby': helper ? helperId : undefined }}
        {...rest}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
