import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Tab, Tabs } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { drawerTabs, type DrawerTab } from '../hooks/use-search-params-state';
import { ArticleTab } from './article-tab';
import { lazyWithMessages } from './lazy-with-messages';

// Built from discussion pieces (and their text): loaded when the tab is first shown, never with the drawer.
const ArticleDiscussionsTab = lazyWithMessages(() => import('../../discussions/components/article-discussions-tab'), 'discussions');
// The same for the collections tab: collection pieces and text come with it.
const ArticleCollectionsTab = lazyWithMessages(() => import('../../collections/components/article-collections-tab'), 'collections');

interface ArticleDrawerProps {
  articleId: string;
  open: boolean;
  tab: DrawerTab;
  onTabChange: (tab: DrawerTab) => void;
  onClose: () => void;
}

const tabId = (tab: DrawerTab) => `article-drawer-tab-${tab}`;
const panelId = (tab: DrawerTab) => `article-drawer-panel-${tab}`;

/** The selected result (sri_id) in a drawer (mo): right side on wide screens, the whole screen on phones. */
export default function ArticleDrawer({ articleId, open, tab, onTabChange, onClose }: ArticleDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 }, maxWidth: '100%' }, 'aria-label': t('articleDrawer.label') } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', pr: 1 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: DrawerTab) => onTabChange(value)}
          aria-label={t('articleDrawer.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ flex: 1, '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
        >
          {drawerTabs.map((value) => (
            <Tab key={value} value={value} label={t(`articleDrawer.tabs.${value}`)} id={tabId(value)} aria-controls={panelId(value)} />
          ))}
        </Tabs>
        <IconButton aria-label={t('articleDrawer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ p: { xs: 2, sm: 3 }, overflowY: 'auto', flex: 1 }}>
        {tab === 'article' && <ArticleTab articleId={articleId} />}
        {tab === 'discussions' && (
          <Suspense fallback={null}>
            <ArticleDiscussionsTab articleId={articleId} />
          </Suspense>
        )}
        {tab === 'collections' && (
          <Suspense fallback={null}>
            <ArticleCollectionsTab articleId={articleId} />
          </Suspense>
        )}
      </Box>
    </Drawer>
  );
}
