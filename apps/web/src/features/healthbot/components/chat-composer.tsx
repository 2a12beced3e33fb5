import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import { Box, Button, TextField } from '@mui/material';
import { HEALTHBOT_MESSAGE_MAX } from '@wink/contracts/healthbot';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface ChatComposerProps {
  busy: boolean;
  error: string | null;
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  inputRef?: React.Ref<HTMLTextAreaElement>;
}

/** The question box: Enter sends, Shift+Enter is a new line; while Wink answers, the button stops it. */
export function ChatComposer({ busy, error, onSend, onStop, inputRef }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !text.trim()) return;
    const question = text;
    setText('');
    if (!(await onSend(question))) setText(question);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        inputRef={inputRef}
        label={t('healthbot.composer.label')}
        placeholder={t('healthbot.composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        maxRows={5}
        fullWidth
        size="small"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: HEALTHBOT_MESSAGE_MAX + 1 } }}
      />
      {busy ? (
        <Button variant="outlined" onClick={onStop} startIcon={<StopIcon />} sx={{ mt: 0.25, flexShrink: 0 }}>
          {t('healthbot.composer.stop')}
        </Button>
      ) : (
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!text.trim()} sx={{ mt: 0.25, flexShrink: 0 }}>
          {t('healthbot.composer.send')}
        </Button>
      )}
    </Box>
  );
}
