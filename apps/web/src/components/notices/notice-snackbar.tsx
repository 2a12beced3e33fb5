import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { useTranslation } from '../../lib/i18n';
import { dismissNotice, NOTICE_AUTO_HIDE_MS, type Notice } from '../../lib/notices';

/**
 * One notice: an Alert in a Snackbar at the bottom. Errors and warnings are announced at once
 * (role alert), the rest politely (role status). A notice that is not persistent hides after 6 s
 * and can be closed with its button or Escape; a persistent one (session expired) stays until its
 * action is used.
 */
export default function NoticeSnackbar({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const dismiss = () => dismissNotice(notice.id);
  const urgent = notice.severity === 'error' || notice.severity === 'warning';

  const actions = (
    <>
      {notice.action && (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            notice.action?.onClick();
            if (!notice.persistent) dismiss();
          }}
        >
          {notice.action.label}
        </Button>
      )}
      {!notice.persistent && (
        <IconButton color="inherit" size="small" aria-label={t('notices.dismiss')} onClick={dismiss}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </>
  );

  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // On phones the app's bottom navigation (56 px) lives where a notice would sit: keep clear of it.
      sx={{ bottom: { xs: 72, sm: 24 } }}
      autoHideDuration={notice.persistent ? null : NOTICE_AUTO_HIDE_MS}
      // A click elsewhere on the page is not a request to close; Escape and the timeout are.
      onClose={notice.persistent ? undefined : (_event, reason) => reason !== 'clickaway' && dismiss()}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        role={urgent ? 'alert' : 'status'}
        action={actions}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
