import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import { Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { lazyWithMessages } from './lazy-with-messages';

// The menu, its queries and the collections text arrive on the first click, never with the results.
const AddToCollectionMenu = lazyWithMessages(() => import('../../collections/components/add-to-collection-menu'), 'collections');

/** A result's "Save" button: opens the draft-or-collection menu (which checks the read ability first). */
export function SaveToCollectionButton({ articleId, title }: { articleId: string; title: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once loaded, the menu stays mounted: closing animates, and its "Open" notice action can still navigate.
  const [loaded, setLoaded] = useState(false);
  // Where it went: the button itself says so ("Saved to Draft"), not only the notice that fades.
  const [savedTo, setSavedTo] = useState<string | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={savedTo ? <BookmarkAddedIcon /> : <BookmarkAddIcon />}
        aria-label={savedTo ? t('searchResults.savedNamed', { name: savedTo, title }) : t('searchResults.saveNamed', { title })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
      >
        {savedTo ? t('searchResults.savedTo', { name: savedTo }) : t('searchResults.save')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <AddToCollectionMenu
            articleId={articleId}
            anchorEl={anchor}
            origin="search_result"
            onClose={() => setAnchor(null)}
            onSaved={(target) => setSavedTo(target.name)}
          />
        </Suspense>
      )}
    </>
  );
}
