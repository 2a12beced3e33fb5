import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormActions } from './form-actions';
import { useUser } from '../../auth';
import { checkPermission, usePermissionGate } from '../../subscriptions';
import type { AccessType } from '../api/discussion-keys';
import { COMMENT_MAX, reportFormError, validateComment } from './discussion-validation';
import { MarkdownEditor, type MarkdownEditorHandle } from './markdown-editor';
import { PrivacyGuardDialog } from './privacy-guard-dialog';
import { usePrivacyGuard, type GuardOutcome } from './use-privacy-guard';

interface CommentComposerProps {
  label: string;
  submitLabel: string;
  /** The discussion's access type: who will read this, and so whether the privacy guard checks it first. */
  audience: AccessType;
  /**
   * Resolves once saved (the box then empties); a 422 rejection shows the server's sentence under the box.
   * `outcome` says what the person posted despite the privacy guard.
   */
  onSubmit: (body: string, outcome: GuardOutcome) => Promise<unknown>;
  onCancel?: () => void;
  initial?: string;
  autoFocus?: boolean;
}

/**
 * The Markdown box for a comment, a reply or an edit. Visible to every reader; sending goes through
 * the write gate, so a reader gets the subscription dialog and nothing is posted, then through the
 * privacy guard in public and invite-only discussions. An edit is not warned again about what the
 * comment already said.
 */
export function CommentComposer({ label, submitLabel, audience, onSubmit, onCancel, initial = '', autoFocus }: CommentComposerProps) {
  const { t } = useTranslation();
  const gate = usePermissionGate();
  const guard = usePrivacyGuard();
  const editor = useRef<MarkdownEditorHandle>(null);
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { data: user } = useUser();

  const post = (outcome: GuardOutcome) => {
    setBusy(true);
    onSubmit(body.trim(), outcome)
      .then(() => setBody(''))
      .catch((failure: unknown) =>
        reportFormError(failure, (errors) => {
          setError(errors.body ?? errors.form ?? Object.values(errors)[0]);
          editor.current?.focus();
        }),
      )
      .finally(() => setBusy(false));
  };

  const send = () => {
    const problem = validateComment(body, t);
    setError(problem);
    if (problem) {
      // The box takes the focus, so its sentence is read out with it and nothing seems to be ignored.
      editor.current?.focus();
      return;
    }
    guard.check(audience, [{ text: body, previous: initial, select: (start, end) => editor.current?.select(start, end) }], post);
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    gate('write', send);
  };

  // Asked before anything is typed: someone whose plan does not write gets the offer, not a box to fill in.
  if (user && !checkPermission(user, 'write')) {
    return (
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }} data-testid="write-gate">
        <LockOutlinedIcon aria-hidden color="action" />
        <Typography sx={{ flex: '1 1 220px' }}>{t('comments.writeGate')}</Typography>
        <Button variant="contained" onClick={() => gate('write', () => undefined)}>
          {t('comments.writeGateAction')}
        </Button>
      </Paper>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={onFormSubmit} spacing={1.5}>
      <MarkdownEditor
        ref={editor}
        label={label}
        value={body}
        onChange={(value) => {
          setBody(value);
          setError(undefined);
        }}
        error={error}
        maxLength={COMMENT_MAX}
        minRows={3}
        autoFocus={autoFocus}
      />
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
      <PrivacyGuardDialog {...guard.dialog} />
    </Stack>
  );
}
