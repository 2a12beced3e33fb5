import { Card, CardContent, Skeleton, Stack } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

/** The shape of the cards to come, so the page does not jump when they arrive. */
export function DiscussionCardSkeletons({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} role="status" aria-label={t('discussions.list.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} variant="outlined" aria-hidden>
          <CardContent>
            <Skeleton variant="text" width="60%" sx={{ fontSize: '1.25rem' }} />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="80%" />
            <Skeleton variant="text" width="40%" />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** A discussion page while it loads: title, meta line and a few lines of body. */
export function DiscussionSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} role="status" aria-label={t('discussions.show.loading')}>
      <Skeleton variant="text" width="70%" sx={{ fontSize: '2rem' }} aria-hidden />
      <Skeleton variant="text" width="40%" aria-hidden />
      <Skeleton variant="rectangular" height={120} aria-hidden />
    </Stack>
  );
}
