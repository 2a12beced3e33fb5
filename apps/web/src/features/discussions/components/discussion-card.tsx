import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';

import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Discussion } from '../api/discussion-keys';
import { TopicChips } from '../../../components/topic-chips';
import { DiscussionTitleLine } from './discussion-title-line';
import { RelativeTime } from '../../../components/relative-time';
import { UserLink } from './user-link';
import { visuallyHidden } from '../../../lib/visually-hidden';

function Count({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} title={label}>
      <Box aria-hidden sx={{ display: 'flex', '& svg': { fontSize: 18 } }}>
        {icon}
      </Box>
      <Typography variant="body2" component="span">
        <span aria-hidden>{value}</span>
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      </Typography>
    </Stack>
  );
}

/** One discussion in a list (the discussions page, profile tabs): enough to decide whether to open it. */
export function DiscussionCard({ discussion, headingLevel = 'h2' }: { discussion: Discussion; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  return (
    <Card component="article" variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <DiscussionTitleLine discussion={discussion} headingLevel={headingLevel} variant="h6" />
        {/* The body's first words where I may read it; the owner's public summary where I may not. */}
        {(discussion.excerpt ?? discussion.summary) && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {discussion.excerpt ?? discussion.summary}
          </Typography>
        )}
        <TopicChips topics={discussion.meshTerms} from="discussion_card" />
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
          <UserLink user={discussion.owner} size={24} />
          <Count
            icon={<ChatBubbleOutlineIcon />}
            label={t('discussions.card.comments', { count: discussion.commentsCount })}
            value={discussion.commentsCount}
          />
          <Count
            icon={<PeopleOutlineIcon />}
            label={t('discussions.card.members', { count: discussion.membersCount })}
            value={discussion.membersCount}
          />
          <Count
            icon={<ThumbUpOutlinedIcon />}
            label={t('discussions.card.upvotes', { count: discussion.upvotesCount })}
            value={discussion.upvotesCount}
          />
          <Typography variant="body2" component="span">
            {t('discussions.card.lastActivity')} <RelativeTime date={discussion.lastActivityAt} />
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
