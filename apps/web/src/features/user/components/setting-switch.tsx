import { ListItem, ListItemText, Switch } from '@mui/material';
import { useId } from 'react';

interface SettingSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One row of the settings page: the label and its explanation name and describe the switch. */
export function SettingSwitch({ label, description, checked, onChange }: SettingSwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Switch
          edge="end"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { role: 'switch', 'aria-labelledby': labelId, 'aria-describedby': descriptionId } }}
        />
      }
      sx={{ pr: 8 }}
    >
      <ListItemText primary={label} secondary={description} slotProps={{ primary: { id: labelId }, secondary: { id: descriptionId } }} />
    </ListItem>
  );
}
