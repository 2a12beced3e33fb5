import { Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormActions } from './form-actions';
import { usePermissionGate } from '../../subscriptions/use-permission-gate';
import { COMMENT_MAX, reportFormError, validateComment } from './discussion-validation';
import { MarkdownEditor } from './markdown-editor';

interface CommentComposerProps {
  label: string;
  submitLabel: string;
  /** Resolves once saved (the box then empties); a 422 rejection shows the server's sentence under the box. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  initial?: string;
  autoFocus?: boolean;
}

/**
 * The Markdown box for a comment, a reply or an edit. Visible to every reader; sending goes through
 * the write gate, so a reader gets the subscription dialog and nothing is posted.
 */
export function CommentComposer({ label, submitLabel, onSubmit, onCancel, initial = '', autoFocus }: CommentComposerProps) {
  const { t } = useTranslation();
  const gate = usePermissionGate();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const send = () => {
    const problem = validateComment(body, t);
    setError(problem);
    if (problem) return;
    setBusy(true);
    onSubmit(body.trim())
      .then(() => setBody(''))
      .catch((failure: unknown) => reportFormError(failure, (errors) => setError(errors.body ?? errors.form ?? Object.values(errors)[0])))
      .finally(() => setBusy(false));
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    gate('write', send);
  };

  return (
    <Stack component="form" noValidate onSubmit={onFormSubmit} spacing={1.5}>
      <MarkdownEditor
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
    </Stack>
  );
}
