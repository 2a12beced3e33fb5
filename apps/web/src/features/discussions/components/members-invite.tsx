import { Autocomplete, Box, Button, Card, CardContent, ListItemAvatar, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePermissionGate } from '../../subscriptions';
import { UserAvatar } from '../../../components/user-avatar';
import { useInviteMember } from '../api/invite-member';
import { useSearchUsers, type FoundUser } from '../api/search-users';

/** The people search waits for a pause in typing, so a name typed quickly asks the server once. */
export const INVITE_SEARCH_DEBOUNCE_MS = 300;

/** The owner's "Invite people" box: find someone by name, then invite them (they join at once). */
export function MembersInvite({ discussionId }: { discussionId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const gate = usePermissionGate();
  const [input, setInput] = useState('');
  const [selected, setSelected] = useState<FoundUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const debounced = useDebouncedValue(input, INVITE_SEARCH_DEBOUNCE_MS).trim();
  // Picking someone writes their name into the field: that is not a new search. Nor is the name
  // still waiting out the pause after an invite cleared the field.
  const q = !input.trim() || (selected && debounced === selected.displayName) ? '' : debounced;
  const search = useSearchUsers(q);
  const invite = useInviteMember(discussionId);
  const found = q ? (search.data ?? []) : [];
  const options = selected && !found.some((person) => person.sid === selected.sid) ? [selected, ...found] : found;

  const send = () => {
    if (!selected) return;
    const person = selected;
    gate('write', () =>
      invite.mutate(person.sid, {
        onSuccess: () => {
          track('discussion_invite_sent', { discussion_id: discussionId });
          showNotice({ severity: 'success', message: t('members.invite.sent', { name: person.displayName }) });
          setSelected(null);
          setInput('');
          setError(null);
        },
        onError: (failure) => {
          // A 422 is a sentence about this person (already a member, blocked, yourself): say it beside the field.
          if (failure instanceof ApiError && failure.status === 422) {
            setError(Object.values(failure.fieldErrors())[0] ?? failure.data.message ?? null);
          } else {
            handleRequestError(failure);
          }
        },
      }),
    );
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 0.5 }}>
        {t('members.invite.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('members.invite.lead')}
      </Typography>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Autocomplete<FoundUser>
              sx={{ flex: 1 }}
              options={options}
              value={selected}
              inputValue={input}
              onInputChange={(_event, value) => {
                setInput(value);
                setError(null);
              }}
              onChange={(_event, value) => {
                setSelected(value);
                setError(null);
              }}
              // The server already matched and filtered (never myself, nor anyone in a block with me).
              filterOptions={(found) => found}
              getOptionLabel={(person) => person.displayName}
              isOptionEqualToValue={(option, value) => option.sid === value.sid}
              loading={search.isFetching}
              loadingText={t('members.invite.searching')}
              noOptionsText={q ? t('members.invite.noOptions') : t('members.invite.typeToSearch')}
              renderOption={({ key, ...props }, person) => (
                <li key={key} {...props}>
                  <ListItemAvatar sx={{ minWidth: 44 }}>
                    <UserAvatar name={person.displayName} color={person.avatarColor} size={32} aria-hidden />
                  </ListItemAvatar>
                  <ListItemText primary={person.displayName} secondary={person.name !== person.displayName ? person.name : undefined} />
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('members.invite.search')}
                  placeholder={t('members.invite.placeholder')}
                  error={error !== null}
                  helperText={error ?? ' '}
                />
              )}
            />
            <Button variant="contained" onClick={send} disabled={!selected} loading={invite.isPending} sx={{ mt: { sm: 1 } }}>
              {t('members.invite.send')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
