import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Discussion } from '../api/discussion-keys';
import { AccessBadge } from './access-badge';

interface DiscussionTitleLineProps {
  discussion: Pick<Discussion, 'id' | 'title' | 'accessType'>;
  headingLevel: 'h2' | 'h3';
  /** The list card's title is an h6; the drawer's narrower card a bold subtitle1. */
  variant: 'h6' | 'subtitle1';
  fontWeight?: number;
}

/** A discussion card's first line: its title (the way in) and who may read it. */
export function DiscussionTitleLine({ discussion, headingLevel, variant, fontWeight }: DiscussionTitleLineProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Typography component={headingLevel} variant={variant} sx={{ fontWeight, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={paths.DiscussionsShow(discussion.id)} underline="hover" color="inherit">
          {discussion.title}
        </Link>
      </Typography>
      <AccessBadge accessType={discussion.accessType} />
    </Stack>
  );
}
