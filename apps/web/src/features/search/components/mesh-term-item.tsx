import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import StarIcon from '@mui/icons-material/Star';
import { Box, Button, Collapse, Link, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { paths } from '../../../lib/paths';
import type { Article } from '../api/get-article';
import { useMeshDescriptor } from '../api/get-mesh-descriptor';

type MeshTerm = Article['meshTerms'][number];

/** One MeSH term; expanding it fetches the descriptor's plain-language scope note and entry terms. */
export function MeshTermItem({ term }: { term: MeshTerm }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const regionId = useId();
  const { data, isPending, isError } = useMeshDescriptor(term.ui, expanded);

  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Button
        fullWidth
        color="inherit"
        aria-expanded={expanded}
        aria-controls={regionId}
        aria-label={t('articleDrawer.showMeaning', { name: term.name })}
        onClick={() => {
          if (!expanded) track('mesh_info_expanded', { ui: term.ui });
          setExpanded(!expanded);
        }}
        sx={{ justifyContent: 'space-between', textTransform: 'none', py: 1, fontWeight: term.major ? 700 : 400 }}
        endIcon={<ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
      >
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, textAlign: 'left' }}>
          {term.name}
          {term.major && (
            <>
              <StarIcon aria-hidden sx={{ fontSize: 16, color: 'warning.main' }} />
              <Box component="span" sx={visuallyHidden}>
                {t('articleDrawer.major')}
              </Box>
            </>
          )}
        </Box>
      </Button>
      <Collapse in={expanded} id={regionId}>
        <Box sx={{ px: 1, pb: 1.5 }}>
          {isPending ? (
            <Typography variant="body2" color="text.secondary">
              {t('articleDrawer.meshLoading')}
            </Typography>
          ) : isError ? (
            <Typography variant="body2" color="error">
              {t('articleDrawer.meshError')}
            </Typography>
          ) : (
            <>
              <Typography variant="body2">{data.scopeNote}</Typography>
              {data.entryTerms.length > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('articleDrawer.entryTerms')}: {data.entryTerms.join(', ')}
                </Typography>
              )}
              <Link
                component={RouterLink}
                to={paths.TopicsShow(term.ui)}
                variant="body2"
                sx={{ display: 'inline-block', mt: 0.5 }}
                onClick={() => track('topic_viewed', { ui: term.ui, from: 'article_drawer' })}
              >
                {t('articleDrawer.openTopic', { name: term.name })}
              </Link>
            </>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
