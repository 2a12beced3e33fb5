import { Box, Checkbox, Typography } from '@mui/material';
import { Fragment } from 'react';
import {
  COLUMN_SWITCH,
  KIND_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
} from '@wink/contracts/notification-grid';
import { camelCaseKey } from '../../../lib/case';
import { useTranslation } from '../../../lib/i18n';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { User } from '../../auth';
import { readSetting, type GridCell, type SettingName } from '../api/update-settings';

interface NotificationGridProps {
  user: User;
  onChange: (cell: GridCell, value: boolean) => void;
}

/**
 * Each kind of event × each channel, a checkbox per cell. A column whose switch (above the grid) is
 * off keeps its cells as they are but greyed: turning the switch back on brings them back as they were.
 */
export function NotificationGrid({ user, onChange }: NotificationGridProps) {
  const { t } = useTranslation();
  const columnOn = (channel: NotificationChannel) => {
    const column = COLUMN_SWITCH[channel];
    return column === null || readSetting(user, { name: camelCaseKey(column) as SettingName });
  };
  return (
    <Box
      component="table"
      aria-label={t('settingsPage.grid.label')}
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        '& th, & td': { borderTop: 1, borderColor: 'divider', py: 0.5, px: 0 },
        '& thead th': { borderTop: 0 },
        // The kinds take what the channels leave; each channel column is as narrow as its header allows.
        '& th[scope=row]': { textAlign: 'left', fontWeight: 'normal', pr: 1, width: '100%' },
        // On a phone the columns give the kinds' names room: narrow checkboxes, and a header may wrap.
        '& thead th, & td': {
          textAlign: 'center',
          px: { xs: 0.25, sm: 1.5 },
          minWidth: { xs: 32, sm: 44 },
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
        },
        '& td .MuiCheckbox-root': { p: { xs: 0.5, sm: 1 } },
        '& thead th:first-of-type': { textAlign: 'left', px: 0 },
      }}
    >
      <thead>
        <tr>
          <Typography component="th" variant="caption" color="text.secondary">
            {t('settingsPage.grid.kindHeader')}
          </Typography>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <th key={channel} scope="col">
              <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 600, lineHeight: 1.3 }}>
                {/* On a phone a header wraps between its words only ("In app"; never "E-" / "mail"). */}
                {t(`settingsPage.grid.channels.${channel}`)
                  .split(' ')
                  .map((word, i) => (
                    <Fragment key={i}>
                      {i > 0 && ' '}
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {word}
                      </Box>
                    </Fragment>
                  ))}
              </Typography>
              {!columnOn(channel) && (
                <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
                  {t('settingsPage.grid.columnOff')}
                </Typography>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_KINDS.map((kind) => (
          <tr key={kind}>
            <Typography component="th" scope="row" variant="body2">
              {t(`settingsPage.grid.kinds.${kind}`)}
            </Typography>
            {NOTIFICATION_CHANNELS.map((channel) => {
              const name = t('settingsPage.grid.cell', {
                kind: t(`settingsPage.grid.kinds.${kind}`),
                channel: t(`settingsPage.grid.channelNames.${channel}`),
              });
              if (!KIND_CHANNELS[kind].includes(channel)) {
                return (
                  <td key={channel}>
                    <Typography variant="body2" component="span" color="text.disabled" aria-hidden>
                      –
                    </Typography>
                    <Box component="span" sx={visuallyHidden}>
                      {t('settingsPage.grid.notOffered', { channel: t(`settingsPage.grid.channelNames.${channel}`) })}
                    </Box>
                  </td>
                );
              }
              return (
                <td key={channel}>
                  <Checkbox
                    checked={readSetting(user, { cell: { kind, channel } })}
                    disabled={!columnOn(channel)}
                    onChange={(event) => onChange({ kind, channel }, event.target.checked)}
                    slotProps={{ input: { 'aria-label': name } }}
                    size="small"
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
