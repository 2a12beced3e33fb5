import CheckIcon from '@mui/icons-material/Check';
import { Box, FormControl, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { AVATAR_COLORS, type AvatarColor } from '@wink/contracts/avatar-colors';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** Spoken names for the swatches; a Record over the contract's list, so a new colour needs a name. */
const COLOR_NAMES = {
  '#1565c0': 'blue',
  '#00838f': 'teal',
  '#2e7d32': 'green',
  '#6a1b9a': 'purple',
  '#ad1457': 'pink',
  '#c62828': 'red',
  '#ef6c00': 'orange',
  '#4e342e': 'brown',
  '#37474f': 'slate',
  '#283593': 'indigo',
} as const satisfies Record<AvatarColor, string>;

export function isAvatarColor(value: string): value is AvatarColor {
  return (AVATAR_COLORS as readonly string[]).includes(value);
}

function Swatch({ color, selected }: { color: string; selected: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        width: 36,
        height: 36,
        borderRadius: '50%',
        bgcolor: color,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        // A ring in the text colour marks the choice in both themes, not only the tick.
        boxShadow: selected ? (theme) => `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.text.primary}` : 'none',
      }}
    >
      {selected && <CheckIcon fontSize="small" />}
    </Box>
  );
}

interface AvatarColorPickerProps {
  value: string;
  onChange: (color: AvatarColor) => void;
  disabled?: boolean;
  error?: string;
}

/** A radio group of colour swatches: arrow keys move between them, each has a spoken name. */
export function AvatarColorPicker({ value, onChange, disabled, error }: AvatarColorPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {t('accountPage.profile.avatarColor')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name="avatar-color"
        value={value}
        onChange={(event) => {
          if (isAvatarColor(event.target.value)) onChange(event.target.value);
        }}
        sx={{ gap: 0.5 }}
      >
        {AVATAR_COLORS.map((color) => (
          <Radio
            key={color}
            value={color}
            icon={<Swatch color={color} selected={false} />}
            checkedIcon={<Swatch color={color} selected />}
            slotProps={{ input: { 'aria-label': t(`accountPage.profile.colors.${COLOR_NAMES[color]}`) } }}
            sx={{ p: 0.75 }}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
