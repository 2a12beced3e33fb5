import { Box, Button, FormControl, FormLabel, Rating, Stack, TextField, Typography } from '@mui/material';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { appConfig } from '../../../config';
import { useSendFeedback } from '../api/send-feedback';

const MAX_MESSAGE_LENGTH = 5000;

interface FeedbackFormProps {
  page: string | null;
  onSent: () => void;
}

export function FeedbackForm({ page, onSent }: FeedbackFormProps) {
  const { t } = useTranslation();
  const ratingLabelId = useId();
  const messageRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [messageError, setMessageError] = useState('');
  const sendFeedback = useSendFeedback();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Checked here first: an empty message never needs a round trip.
    if (!message.trim()) {
      setMessageError(t('feedbackPage.messageRequired'));
      messageRef.current?.focus();
      return;
    }
    sendFeedback.mutate({ message: message.trim(), rating, page, appVersion: appConfig.appVersion }, { onSuccess: onSent });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={3}>
        <TextField
          inputRef={messageRef}
          label={t('feedbackPage.message')}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setMessageError('');
          }}
          required
          multiline
          minRows={5}
          error={Boolean(messageError)}
          helperText={messageError || `${message.length} / ${MAX_MESSAGE_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: MAX_MESSAGE_LENGTH } }}
          fullWidth
        />
        <FormControl component="fieldset">
          <FormLabel component="legend" id={ratingLabelId} sx={{ mb: 0.5 }}>
            {t('feedbackPage.rating')}
          </FormLabel>
          <Rating
            name="rating"
            value={rating}
            onChange={(_event, value) => setRating(value !== null && Number.isFinite(value) ? value : null)}
            getLabelText={(value) => t('feedbackPage.ratingValue', { count: value })}
            emptyLabelText={t('feedbackPage.noRating')}
            size="large"
            aria-labelledby={ratingLabelId}
          />
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          {page
            ? t('feedbackPage.context', { page, version: appConfig.appVersion })
            : t('feedbackPage.contextNoPage', { version: appConfig.appVersion })}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" size="large" loading={sendFeedback.isPending}>
            {t('feedbackPage.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
