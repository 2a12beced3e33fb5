import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Card, CardContent, IconButton, Link, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { Collection } from '../api/collection-keys';
import { CollectionFacts } from './collection-facts';

interface CollectionCardProps {
  collection: Collection;
  onEdit: () => void;
  onDelete: () => void;
}

/** One collection on the index: its name (the way in), description, counts and last change, and a menu. */
export function CollectionCard({ collection, onEdit, onDelete }: CollectionCardProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography component="h2" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600, overflowWrap: 'anywhere', pt: 0.5 }}>
            <Link component={RouterLink} to={paths.CollectionsShow(collection.id)} underline="hover" color="inherit">
              {collection.name}
            </Link>
          </Typography>
          <IconButton
            aria-label={t('collections.moreActions', { name: collection.name })}
            aria-haspopup="menu"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            <MenuItem onClick={choose(onEdit)}>
              <ListItemText>{t('collections.edit')}</ListItemText>
            </MenuItem>
            <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
              <ListItemText>{t('collections.delete')}</ListItemText>
            </MenuItem>
          </Menu>
        </Stack>
        {collection.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {collection.description}
          </Typography>
        )}
        <CollectionFacts collection={collection} />
        {collection.savedFrom && (
          <Typography variant="caption" color="text.secondary">
            {t('collections.savedFromLink')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
