import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  lead?: ReactNode;
  /** `danger` frames irreversible actions (account deletion) in the error colour. */
  tone?: 'default' | 'danger';
  children: ReactNode;
  /** An anchor other pages link to (`/user/settings#notification-grid`). */
  id?: string;
}

/** One titled block of the account and settings pages; a labelled region for screen readers. */
export function SectionCard({ title, lead, tone = 'default', children, id }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={titleId}
      sx={{ scrollMarginTop: 80, ...(tone === 'danger' ? { borderColor: 'error.main' } : {}) }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography id={titleId} variant="h3" component="h3" color={tone === 'danger' ? 'error' : undefined}>
              {title}
            </Typography>
            {lead && (
              <Typography variant="body2" color="text.secondary">
                {lead}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
