import { Alert, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormActions } from './form-actions';
import type { AccessType } from '../api/discussion-keys';
import { AccessTypeField } from './access-type-field';
import { BODY_MAX, reportFormError, TITLE_MAX, validateDiscussion } from './discussion-validation';
import { MarkdownEditor } from './markdown-editor';

export interface DiscussionFormValues {
  title: string;
  body: string;
  accessType: AccessType;
}

interface DiscussionFormProps {
  initial: DiscussionFormValues;
  submitLabel: string;
  /** Resolves when saved; a rejection with a 422 puts the server's sentences under the fields. */
  onSubmit: (values: DiscussionFormValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Extra fields between the body and the access type (the linked article on create). */
  children?: ReactNode;
  /** Sentences for fields this form does not show (article_id), shown above the buttons. */
  extraErrorFields?: string[];
  /** Runs the submit through a gate (the write permission); returns whether it ran. */
  gate?: (submit: () => void) => void;
}

/** Title, Markdown body and access type: the create page and the owner's inline edit share it. */
export function DiscussionForm({ initial, submitLabel, onSubmit, onCancel, children, extraErrorFields = [], gate }: DiscussionFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof DiscussionFormValues>(key: K, value: DiscussionFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = () => {
    const found = validateDiscussion(values, t);
    setErrors(found as Record<string, string>);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    onSubmit({ ...values, title: values.title.trim(), body: values.body.trim() })
      .catch((error: unknown) => reportFormError(error, setErrors))
      .finally(() => setBusy(false));
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (gate) gate(submit);
    else submit();
  };

  const otherErrors = [errors.form, ...extraErrorFields.map((field) => errors[field])].filter(Boolean);
  return (
    <Stack component="form" noValidate onSubmit={onFormSubmit} spacing={2.5}>
      <TextField
        label={t('discussions.form.title')}
        name="title"
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title ?? t('discussions.form.titleHelp', { max: TITLE_MAX })}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        fullWidth
      />
      <MarkdownEditor
        label={t('discussions.form.body')}
        name="body"
        value={values.body}
        onChange={(value) => set('body', value)}
        error={errors.body}
        maxLength={BODY_MAX}
        minRows={8}
      />
      {children}
      <AccessTypeField value={values.accessType} onChange={(value) => set('accessType', value)} error={errors.accessType} />
      {otherErrors.map((message) => (
        <Alert key={message} severity="error">
          {message}
        </Alert>
      ))}
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </Stack>
  );
}
