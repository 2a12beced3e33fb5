import { Button, Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import type { CollectionFields } from '../api/create-collection';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '../limits';

interface FieldErrors {
  name?: string;
  description?: string;
}

/** The client's check, the same rules as the server's (which answers 422 with sentences otherwise). */
export function validateCollectionFields(fields: CollectionFields, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.name.trim();
  if (!name) errors.name = t('collections.form.nameRequired');
  else if (name.length > COLLECTION_NAME_MAX) errors.name = t('collections.form.nameTooLong', { max: COLLECTION_NAME_MAX });
  if ((fields.description ?? '').trim().length > COLLECTION_DESCRIPTION_MAX)
    errors.description = t('collections.form.descriptionTooLong', { max: COLLECTION_DESCRIPTION_MAX });
  return errors;
}

interface CollectionFieldsFormProps {
  initial?: CollectionFields;
  submitLabel: string;
  onSubmit: (fields: CollectionFields) => Promise<unknown>;
  onCancel?: () => void;
  /** In a dialog the name field takes the focus; inline on a page it waits to be chosen. */
  autoFocus?: boolean;
}

/** Name and description with their checks; a 422 from the server lands under the field it names. */
export function CollectionFieldsForm({ initial, submitLabel, onSubmit, onCancel, autoFocus }: CollectionFieldsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { name: name.trim(), description: description.trim() };
    const found = validateCollectionFields(fields, t);
    setErrors(found);
    if (found.name || found.description) return;
    setBusy(true);
    try {
      await onSubmit(fields);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors());
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ pt: 1 }}>
      <TextField
        id={`${id}-name`}
        label={t('collections.form.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { maxLength: COLLECTION_NAME_MAX + 20 } }}
      />
      <TextField
        id={`${id}-description`}
        label={t('collections.form.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        multiline
        minRows={2}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

interface CollectionFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: CollectionFields;
  onSubmit: (fields: CollectionFields) => Promise<unknown>;
  onClose: () => void;
}

/** Create, rename or describe a collection in a dialog. */
export function CollectionFormDialog({ open, title, submitLabel, initial, onSubmit, onClose }: CollectionFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {open && <CollectionFieldsForm initial={initial} submitLabel={submitLabel} onSubmit={onSubmit} onCancel={onClose} autoFocus />}
      </DialogContent>
    </Dialog>
  );
}
