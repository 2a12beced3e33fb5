import { Chip } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { track } from '../lib/analytics';
import { useTranslation } from '../lib/i18n';
import { paths } from '../lib/paths';
import { ChipList } from './chip-list';

/** A discussion's topics as links to their pages (cards, the discussion header). Nothing when it has none. */
export function TopicChips({ topics, from }: { topics: { ui: string; name: string }[]; from: string }) {
  const { t } = useTranslation();
  if (topics.length === 0) return null;
  return (
    <ChipList aria-label={t('topicChips.label')}>
      {topics.map((topic) => (
        <li key={topic.ui}>
          <Chip
            size="small"
            variant="outlined"
            clickable
            label={topic.name}
            component={RouterLink}
            to={paths.TopicsShow(topic.ui)}
            onClick={() => track('topic_viewed', { ui: topic.ui, from })}
          />
        </li>
      ))}
    </ChipList>
  );
}
