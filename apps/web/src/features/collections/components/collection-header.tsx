import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { CollectionDetail } from '../api/collection-keys';
import { CollectionFacts } from './collection-facts';

/** A collection's name, description and facts, with its actions beside (or under, on a phone). */
export function CollectionHeader({ collection, title, actions }: { collection: CollectionDetail; title?: string; actions?: ReactNode }) {
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title ?? collection.name}
        </Typography>
        {collection.description && (
          <Typography sx={{ mt: 0.75, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{collection.description}</Typography>
        )}
        <Box sx={{ mt: 0.75 }}>
          <CollectionFacts collection={collection} />
        </Box>
      </Box>
      {actions && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
