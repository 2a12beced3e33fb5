import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParamsState } from '../hooks/use-search-params-state';

type SearchMode = 'articles' | 'discussions';

/**
 * What the box searches: articles, or discussions (qd=1). Switching keeps the term, so the same
 * words are asked of the other side; the article filters stay in the URL for the way back.
 */
export default function SearchModeToggle() {
  const { t } = useTranslation();
  const [state, update] = useSearchParamsState();
  const mode: SearchMode = state.searchDiscussions ? 'discussions' : 'articles';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={mode}
      aria-label={t('searchMode.label')}
      // Pressing the selected button again answers null: the box always searches something, so stay.
      onChange={(_event, next: SearchMode | null) => next && update({ searchDiscussions: next === 'discussions' ? '1' : null })}
      sx={{ '& .MuiToggleButton-root': { gap: 0.75, px: 1.5, textTransform: 'none' } }}
    >
      <ToggleButton value="articles">
        <DescriptionOutlinedIcon fontSize="small" aria-hidden />
        {t('searchMode.articles')}
      </ToggleButton>
      <ToggleButton value="discussions">
        <ForumOutlinedIcon fontSize="small" aria-hidden />
        {t('searchMode.discussions')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
