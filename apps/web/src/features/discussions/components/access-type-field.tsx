import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { AccessType } from '../api/discussion-keys';
import { ACCESS_ICONS } from './access-badge';

const ACCESS_TYPES: AccessType[] = ['public', 'invite_only', 'private'];

/** Who may read: each choice with its icon and one line saying what it means. */
export function AccessTypeField({ value, onChange, error }: { value: AccessType; onChange: (value: AccessType) => void; error?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={labelId}>{t('discussions.form.accessType')}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as AccessType)}>
        {ACCESS_TYPES.map((type) => {
          const Icon = ACCESS_ICONS[type];
          return (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio slotProps={{ input: { 'aria-describedby': `${labelId}-${type}` } }} />}
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Stack>
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <Icon aria-hidden fontSize="small" />
                    <span>{t(`discussions.access.${type}`)}</span>
                  </Stack>
                  <Typography id={`${labelId}-${type}`} variant="body2" color="text.secondary">
                    {t(`discussions.accessHelp.${type}`)}
                  </Typography>
                </Stack>
              }
            />
          );
        })}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
