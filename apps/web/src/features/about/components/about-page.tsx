import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import HealthAndSafetyOutlinedIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import { Alert, Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { appConfig } from '../../../config';

/** What the app is, which version and build is running (for support), and where to send feedback. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const details = [
    { term: t('aboutPage.version'), value: appConfig.appVersion },
    { term: t('aboutPage.build'), value: appConfig.buildId },
  ];

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <HealthAndSafetyOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
              <Stack>
                <Typography variant="h1">{t('app.name')}</Typography>
                <Typography color="text.secondary">{t('aboutPage.tagline')}</Typography>
              </Stack>
            </Stack>
            <Typography>{t('aboutPage.description')}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
              {details.map(({ term, value }) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {term}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Alert severity="info" variant="outlined">
              {t('app.notMedicalAdvice')}
            </Alert>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Typography color="text.secondary">{t('aboutPage.feedbackLead')}</Typography>
              <Button
                component={Link}
                to={paths.Feedback()}
                state={{ from: pathname }}
                variant="outlined"
                startIcon={<FeedbackOutlinedIcon />}
              >
                {t('aboutPage.feedbackLink')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
