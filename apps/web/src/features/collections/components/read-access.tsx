import LockIcon from '@mui/icons-material/LockOutlined';
import { Button } from '@mui/material';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { userKeys, useUser, type User } from '../../auth';
import { checkPermission, usePermissionGate } from '../../subscriptions';

/** Whether the signed-in person may keep collections now (the read ability: a trial or any plan). */
export function useCanKeepCollections(): boolean {
  const { data: user } = useUser();
  return checkPermission(user, 'read');
}

/** The same, read from a query cache outside React (a first view's data, entry-server.tsx). */
export function canKeepCollections(queryClient: QueryClient): boolean {
  return checkPermission(queryClient.getQueryData<User>(userKeys.all), 'read');
}

/**
 * What a collection page shows without the read ability: the subscription dialog opens once on
 * arrival (docs/rules.md: the action does not run), and the page says why and offers the plans again.
 * Inside the search drawer it waits to be asked (`autoOpen` false): switching tabs is no request.
 */
export function CollectionsLocked({ titleComponent = 'h2', autoOpen = true }: { titleComponent?: 'h1' | 'h2' | 'h3'; autoOpen?: boolean }) {
  const { t } = useTranslation();
  const gate = usePermissionGate();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !autoOpen) return;
    opened.current = true;
    gate('read', () => {});
  }, [gate, autoOpen]);
  return (
    <EmptyState
      titleComponent={titleComponent}
      icon={<LockIcon />}
      title={t('collections.locked.title')}
      description={t('collections.locked.body')}
      action={
        <Button variant="contained" onClick={() => gate('read', () => {})}>
          {t('collections.locked.action')}
        </Button>
      }
    />
  );
}
