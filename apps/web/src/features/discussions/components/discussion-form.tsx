import { Alert, Box, Stack, TextField } from '@mui/material';
import type { TopicRef } from '@wink/contracts/topics';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TopicsField } from '../../topics';
import { FormActions } from './form-actions';
import type { AccessType } from '../api/discussion-keys';
import { AccessTypeField } from './access-type-field';
import { BODY_MAX, cleanSummary, reportFormError, SUMMARY_MAX, TITLE_MAX, validateDiscussion } from './discussion-validation';
import { MarkdownEditor, type MarkdownEditorHandle } from './markdown-editor';
import { PrivacyGuardDialog } from './privacy-guard-dialog';
import { usePrivacyGuard, widensAudience, type GuardedField, type GuardOutcome } from './use-privacy-guard';

export interface DiscussionFormValues {
  title: string;
  body: string;
  accessType: AccessType;
  /** The public summary as typed; sent only for an invite-only discussion. */
  summary: string;
  /** The discussion's topics as posted; absent or null on a new one, whose topics follow its text until the owner picks. */
  meshTerms?: TopicRef[] | null;
}

/**
 * What a submit hands on: `summary` cleaned (null when blank), and left out unless invite-only;
 * `meshTerms` as descriptor UIs, only once the owner chose them (else the server suggests them).
 */
export type DiscussionSubmitValues = Omit<DiscussionFormValues, 'summary' | 'meshTerms'> & {
  summary?: string | null;
  meshTerms?: string[];
};

interface DiscussionFormProps {
  initial: DiscussionFormValues;
  submitLabel: string;
  /**
   * Resolves when saved; a rejection with a 422 puts the server's sentences under the fields. `outcome`
   * says what the person posted despite the privacy guard.
   */
  onSubmit: (values: DiscussionSubmitValues, outcome: GuardOutcome) => Promise<unknown>;
  /** `initial` is the discussion as posted (the owner's edit): the privacy guard does not raise again what its readers already saw. */
  alreadyPosted?: boolean;
  onCancel?: () => void;
  /** Extra fields between the body and the access type (the linked article on create). */
  children?: ReactNode;
  /** Sentences for fields this form does not show (article_id), shown above the buttons. */
  extraErrorFields?: string[];
  /** Runs the submit through a gate (the write permission); returns whether it ran. */
  gate?: (submit: () => void) => void;
}

/**
 * Title, Markdown body, access type and, for an invite-only discussion, the public summary
 * non-members read instead of the body: the create page, the search drawer's dialog and the owner's
 * inline edit share it. Unless it is private, the text goes through the privacy guard before it is sent.
 */
export function DiscussionForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  extraErrorFields = [],
  gate,
  alreadyPosted = false,
}: DiscussionFormProps) {
  const { t } = useTranslation();
  const guard = usePrivacyGuard();
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<MarkdownEditorHandle>(null);
  const summaryRef = useRef<HTMLTextAreaElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Bumped each time a submit finds problems: the first field in error then takes the focus, so the
  // person lands on its sentence (read out with the field) instead of staying at the button.
  const [problemsFound, setProblemsFound] = useState(0);
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    if (Object.keys(found).length > 0) setProblemsFound((count) => count + 1);
  };
  useEffect(() => {
    if (problemsFound === 0) return;
    // Focusing scrolls the field into view as well.
    if (errors.title) titleRef.current?.focus();
    else if (errors.body) bodyRef.current?.focus();
    else if (errors.summary) summaryRef.current?.focus();
    // Only a new round of problems moves the focus, not each keystroke that clears one (errors is read, not watched).
  }, [problemsFound]);
  const set = <K extends keyof DiscussionFormValues>(key: K, value: DiscussionFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const inviteOnly = values.accessType === 'invite_only';
  const post = (outcome: GuardOutcome) => {
    const { summary, meshTerms, ...rest } = values;
    setBusy(true);
    onSubmit(
      {
        ...rest,
        title: values.title.trim(),
        body: values.body.trim(),
        ...(inviteOnly && { summary: cleanSummary(summary) }),
        ...(meshTerms != null && { meshTerms: meshTerms.map((topic) => topic.ui) }),
      },
      outcome,
    )
      .catch((error: unknown) => reportFormError(error, showErrors))
      .finally(() => setBusy(false));
  };

  const submit = () => {
    const { summary: _summary, meshTerms: _meshTerms, ...withoutSummary } = values;
    const found = validateDiscussion(inviteOnly ? { ...withoutSummary, summary: values.summary } : withoutSummary, t);
    showErrors(found as Record<string, string>);
    if (Object.keys(found).length > 0) return;
    // What the discussion already said was read by these people, unless the edit opens it to more of them.
    const seen = alreadyPosted && !widensAudience(initial.accessType, values.accessType);
    const fields: GuardedField[] = [
      {
        label: t('privacyGuard.fields.title'),
        text: values.title,
        previous: seen ? initial.title : undefined,
        select: (start, end) => {
          titleRef.current?.focus();
          titleRef.current?.setSelectionRange(start, end);
        },
      },
      {
        label: t('privacyGuard.fields.body'),
        text: values.body,
        previous: seen ? initial.body : undefined,
        select: (start, end) => bodyRef.current?.select(start, end),
      },
      // The summary is what everyone reads of an invite-only discussion: it is checked like the title.
      ...(inviteOnly
        ? [
            {
              label: t('privacyGuard.fields.summary'),
              text: values.summary,
              previous: seen ? initial.summary : undefined,
              select: (start: number, end: number) => {
                summaryRef.current?.focus();
                summaryRef.current?.setSelectionRange(start, end);
              },
            },
          ]
        : []),
    ];
    guard.check(values.accessType, fields, post);
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
        inputRef={titleRef}
        fullWidth
      />
      <MarkdownEditor
        ref={bodyRef}
        label={t('discussions.form.body')}
        name="body"
        value={values.body}
        onChange={(value) => set('body', value)}
        error={errors.body}
        maxLength={BODY_MAX}
        minRows={8}
      />
      {children}
      <TopicsField
        value={values.meshTerms ?? null}
        onChange={(topics) => set('meshTerms', topics)}
        error={errors.meshTerms ?? errors['meshTerms.0']}
      />
      <AccessTypeField value={values.accessType} onChange={(value) => set('accessType', value)} error={errors.accessType} />
      {inviteOnly && (
        <TextField
          label={t('discussions.form.summary')}
          name="summary"
          value={values.summary}
          onChange={(event) => set('summary', event.target.value)}
          error={Boolean(errors.summary)}
          helperText={
            <Stack component="span" direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <span>{errors.summary ?? t('discussions.form.summaryHelp')}</span>
              <Box component="span" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
                {t('discussions.form.summaryCount', { count: values.summary.length, max: SUMMARY_MAX })}
              </Box>
            </Stack>
          }
          slotProps={{ htmlInput: { maxLength: SUMMARY_MAX } }}
          inputRef={summaryRef}
          multiline
          minRows={2}
          fullWidth
        />
      )}
      {otherErrors.map((message) => (
        <Alert key={message} severity="error">
          {message}
        </Alert>
      ))}
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
      <PrivacyGuardDialog {...guard.dialog} />
    </Stack>
  );
}
