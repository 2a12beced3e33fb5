import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useAdminUser } from '../api/users';
import { AdminLoadState } from './load-state';
import { ReportCard } from './report-card';
import { UserActions } from './user-actions';
import { PlanLabel, UserStatus } from './user-status';

const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** One person: who they are, their plan, the actions, and the reports filed against them. */
export default function UserPage() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const user = useAdminUser(sid);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={`${paths.Admin()}/users`} startIcon={<ArrowBackIcon />}>
          {t('admin.users.back')}
        </Button>
      </Box>
      {!user.data ? (
        <AdminLoadState query={user} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Box>
                <Typography variant="h2">{user.data.name}</Typography>
                <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {user.data.email}
                </Typography>
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0, '& dd': { m: 0 } }}
                >
                  <Typography component="dt" color="text.secondary">
                    {t('admin.users.plan')}
                  </Typography>
                  <dd>
                    <PlanLabel user={user.data} />
                  </dd>
                  <Typography component="dt" color="text.secondary">
                    {t('admin.users.status')}
                  </Typography>
                  <dd>
                    <UserStatus user={user.data} />
                  </dd>
                  <Typography component="dt" color="text.secondary">
                    {t('admin.users.joined')}
                  </Typography>
                  <dd>{dateOnly.format(new Date(user.data.createdAt))}</dd>
                </Box>
              </Box>
              <Box>
                <UserActions user={user.data} size="medium" />
              </Box>
            </Stack>
          </Paper>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.25rem', mt: 1 }}>
            {t('admin.users.reportsAgainst', { name: user.data.name })}
          </Typography>
          {user.data.reports.length === 0 ? (
            <Typography color="text.secondary">{t('admin.users.noReports')}</Typography>
          ) : (
            <Stack spacing={2}>
              {user.data.reports.map((report) => (
                <ReportCard key={report.id} report={report} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
