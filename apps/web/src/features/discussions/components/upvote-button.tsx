import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { Button } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

interface UpvoteButtonProps {
  upvoted: boolean;
  count: number;
  onToggle: () => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/** A toggle (aria-pressed) whose name says what it counts; the number is visible beside the thumb. */
export function UpvoteButton({ upvoted, count, onToggle, disabled, size = 'small' }: UpvoteButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size={size}
      variant={upvoted ? 'contained' : 'outlined'}
      color="primary"
      aria-pressed={upvoted}
      aria-label={t('discussions.upvote', { count })}
      startIcon={upvoted ? <ThumbUpIcon /> : <ThumbUpOutlinedIcon />}
      onClick={onToggle}
      disabled={disabled}
      sx={{ minWidth: 0 }}
    >
      {count}
    </Button>
  );
}
