import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** A decorative icon (hidden from screen readers), e.g. `<ForumIcon />`. */
  icon: ReactNode;
  title: string;
  /** One or two sentences: why it is empty and what to do about it. */
  description: ReactNode;
  /** A button or link leading somewhere useful. */
  action?: ReactNode;
  /** h2 under a page heading; h1 when the empty state is the whole page. */
  titleComponent?: 'h1' | 'h2' | 'h3';
}

/** What a page shows when it has nothing to show: never a blank area. */
export function EmptyState({ icon, title, description, action, titleComponent = 'h2' }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 2,
        py: { xs: 5, sm: 8 },
        maxWidth: 520,
        mx: 'auto',
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: 'action.hover',
          color: 'primary.main',
          '& svg': { fontSize: 36 },
        }}
      >
        {icon}
      </Box>
      <Typography component={titleComponent} variant="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{description}</Typography>
      {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
    </Box>
  );
}
