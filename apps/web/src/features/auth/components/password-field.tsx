import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { AuthField } from './auth-field';

type PasswordFieldProps = Omit<ComponentProps<typeof AuthField>, 'type' | 'endAdornment'>;

/** A password field with a show/hide toggle, so people on phones can check what they typed. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <AuthField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={visible ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
            onMouseDown={(event) => event.preventDefault()}
          >
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
