import CheckIcon from '@mui/icons-material/Check';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { usePermissionGate } from '../../subscriptions';
import { useToggleFollow } from '../api/toggle-follow';

interface FollowButtonProps {
  sid: string;
  name: string;
  followed: boolean;
  size?: 'small' | 'medium';
}

/** Follow / Following: following is a write (a reader is offered the leader plan instead). */
export function FollowButton({ sid, name, followed, size = 'medium' }: FollowButtonProps) {
  const { t } = useTranslation();
  const gate = usePermissionGate();
  const toggle = useToggleFollow();
  const busy = toggle.isPending && toggle.variables?.sid === sid;
  return (
    <Button
      size={size}
      variant={followed ? 'outlined' : 'contained'}
      startIcon={followed ? <CheckIcon /> : <PersonAddIcon />}
      loading={busy}
      onClick={() => gate('write', () => toggle.mutate({ sid, follow: !followed }))}
      aria-label={followed ? t('profile.unfollowNamed', { name }) : t('profile.followNamed', { name })}
    >
      {followed ? t('profile.following') : t('profile.follow')}
    </Button>
  );
}
