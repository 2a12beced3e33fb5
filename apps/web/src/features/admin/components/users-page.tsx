import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Link, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { AdminUser } from '../api/admin-keys';
import { useUsers } from '../api/users';
import { AdminLoadState } from './load-state';
import { RecordCard, RecordCards, RecordTable, useNarrowScreen } from './record-list';
import { UserActions } from './user-actions';
import { PlanLabel, UserStatus } from './user-status';

const joined = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Find people by e-mail or name (the words live in the URL), then ban, unban or change their plan. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const users = useUsers(q);
  const rows = users.data?.pages.flatMap((page) => page.data) ?? [];
  const total = users.data?.pages[0]?.meta.total ?? 0;
  const narrow = useNarrowScreen();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {}, { replace: true });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2">{t('admin.users.heading')}</Typography>
      <Stack component="form" role="search" direction="row" spacing={1} onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t('admin.users.search')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained">
          {t('admin.users.searchButton')}
        </Button>
      </Stack>
      {!users.data ? (
        <AdminLoadState query={users} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('admin.users.count', { count: total })}
          </Typography>
          {narrow ? <UserCards rows={rows} /> : <UserTable rows={rows} />}
          {users.hasNextPage && (
            <Box>
              <Button onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
                {t('admin.users.loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

const profileLink = (user: AdminUser) => `${paths.Admin()}/users/${user.sid}`;

/** Who a row or card is about: the name leads to their page in the console. */
function NameAndEmail({ user }: { user: AdminUser }) {
  return (
    <>
      <Link component={RouterLink} to={profileLink(user)} sx={{ fontWeight: 600 }}>
        {user.name}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </>
  );
}

function UserTable({ rows }: { rows: AdminUser[] }) {
  const { t } = useTranslation();
  return (
    <RecordTable
      label={t('admin.users.heading')}
      head={
        <>
          <TableCell>{t('admin.users.person')}</TableCell>
          <TableCell>{t('admin.users.plan')}</TableCell>
          <TableCell>{t('admin.users.status')}</TableCell>
          <TableCell align="right">{t('admin.users.reports')}</TableCell>
          <TableCell>{t('admin.users.joined')}</TableCell>
          <TableCell align="right">{t('admin.plans.actions')}</TableCell>
        </>
      }
    >
      {rows.length === 0 && (
        <TableRow>
          <TableCell colSpan={6} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
            {t('admin.users.none')}
          </TableCell>
        </TableRow>
      )}
      {rows.map((user) => (
        <TableRow key={user.sid} hover>
          <TableCell>
            <NameAndEmail user={user} />
          </TableCell>
          <TableCell>
            <PlanLabel user={user} />
          </TableCell>
          <TableCell>
            <UserStatus user={user} />
          </TableCell>
          <TableCell align="right">{user.openReports}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{joined.format(new Date(user.createdAt))}</TableCell>
          <TableCell align="right">
            <UserActions user={user} />
          </TableCell>
        </TableRow>
      ))}
    </RecordTable>
  );
}

/** Phones: one card per person instead of a table squeezed to illegibility. */
function UserCards({ rows }: { rows: AdminUser[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography color="text.secondary">{t('admin.users.none')}</Typography>;
  return (
    <RecordCards label={t('admin.users.heading')}>
      {rows.map((user) => (
        <RecordCard key={user.sid}>
          <NameAndEmail user={user} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
            <UserStatus user={user} />
            <Typography variant="body2">
              <PlanLabel user={user} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('admin.users.reports')}: {user.openReports}
            </Typography>
          </Stack>
          <UserActions user={user} />
        </RecordCard>
      ))}
    </RecordCards>
  );
}
