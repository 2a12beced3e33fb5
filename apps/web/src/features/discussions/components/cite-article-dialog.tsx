import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { SEARCH_DEBOUNCE_MS } from '../../../config';
import { useTranslation } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchArticles, searchKeys, type SearchHit } from '../../search';
import { sourceName } from '../../../components/article-source';

/** How many hits the picker lists: the first page of the search, the best first. */
const SHOWN = 8;

interface CiteArticleDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (article: SearchHit) => void;
}

/**
 * Picking an article to cite while writing: the library's own search (the same ranking as the search
 * page), each hit with its source and a button that cites it.
 */
export default function CiteArticleDialog({ open, onClose, onPick }: CiteArticleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS / 2);
  const search = useQuery({
    queryKey: searchKeys.results({ q: term }),
    queryFn: ({ signal }) => searchArticles({ q: term }, undefined, signal),
    enabled: term.length > 0,
    select: (page) => page.data.slice(0, SHOWN),
    meta: { silent: true },
  });

  let results = null;
  if (term && search.isPending) results = <DelayedSpinner label={t('citations.searching')} />;
  else if (search.isError) results = <Alert severity="error">{t('citations.searchFailed')}</Alert>;
  else if (term && search.data?.length === 0)
    results = <Typography color="text.secondary">{t('citations.noResults', { q: term })}</Typography>;
  else if (search.data)
    results = (
      <List dense disablePadding aria-label={t('citations.searchLabel')}>
        {search.data.map((hit) => (
          <ListItem
            key={hit.id}
            disableGutters
            divider
            secondaryAction={
              <Button
                size="small"
                variant="outlined"
                onClick={() => onPick(hit)}
                aria-label={t('citations.pickNamed', { title: hit.title })}
              >
                {t('citations.pick')}
              </Button>
            }
            sx={{ pr: 10 }}
          >
            <ListItemText
              primary={hit.title}
              secondary={[sourceName(hit.source), hit.journal, hit.publishedAt?.slice(0, 4)].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('citations.dialogTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', minHeight: 320 }}>
        <Typography variant="body2" color="text.secondary">
          {t('citations.dialogLead')}
        </Typography>
        <TextField
          label={t('citations.searchLabel')}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          autoFocus
          fullWidth
          helperText={t('citations.pasteHint')}
        />
        {results}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
