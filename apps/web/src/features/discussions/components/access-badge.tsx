import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { Chip } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { AccessType } from '../api/discussion-keys';

export const ACCESS_ICONS = {
  public: PublicIcon,
  invite_only: GroupAddOutlinedIcon,
  private: LockOutlinedIcon,
} as const;

/** Who may read a discussion, as an icon and a word (never colour alone). */
export function AccessBadge({ accessType }: { accessType: AccessType }) {
  const { t } = useTranslation();
  const Icon = ACCESS_ICONS[accessType];
  return <Chip size="small" variant="outlined" icon={<Icon aria-hidden />} label={t(`discussions.access.${accessType}`)} />;
}
