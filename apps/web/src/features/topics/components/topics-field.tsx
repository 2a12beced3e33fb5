import { Autocomplete, Chip, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { DISCUSSION_TOPICS_MAX, type TopicRef } from '@wink/contracts/topics';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestions } from '../../search/api/suggest';
import { useSuggestedTopics } from '../api/suggest-topics';

/** The suggestions follow the text after a pause in typing. */
const SUGGEST_DEBOUNCE_MS = 600;

interface TopicsFieldProps {
  /** The owner's choice; null while untouched, when the topics follow what the text maps to. */
  value: TopicRef[] | null;
  onChange: (topics: TopicRef[]) => void;
  title: string;
  body: string;
  /** The article a new discussion is about: its major topics are the suggestion. */
  articleId: string | null;
  error?: string | undefined;
}

/**
 * A discussion's topics (at most five MeSH descriptors). Untouched, it shows what the search mapping
 * finds in the title and body, which is what the server tags the discussion with; removing a chip or
 * adding one from the MeSH suggestions makes the choice the owner's.
 */
export function TopicsField({ value, onChange, title, body, articleId, error }: TopicsFieldProps) {
  const { t } = useTranslation();
  const suggested = useSuggestedTopics(
    { title: useDebouncedValue(title, SUGGEST_DEBOUNCE_MS), body: useDebouncedValue(body, SUGGEST_DEBOUNCE_MS), articleId },
    value === null,
  );
  const topics = value ?? suggested.data ?? [];
  const [input, setInput] = useState('');
  const options = useSuggestions(input);
  const full = topics.length >= DISCUSSION_TOPICS_MAX;

  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle2" id="topics-field-label">
        {t('topicField.label')}
      </Typography>
      <Stack
        component="ul"
        aria-labelledby="topics-field-label"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
      >
        {topics.map((topic) => (
          <li key={topic.ui}>
            <Chip
              label={topic.name}
              onDelete={() => onChange(topics.filter((other) => other.ui !== topic.ui))}
              slotProps={{ root: { 'aria-label': t('topicField.remove', { name: topic.name }) } } as never}
            />
          </li>
        ))}
        {topics.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('topicField.none')}
          </Typography>
        )}
      </Stack>
      <Autocomplete
        options={(options.data ?? []).filter((option) => !topics.some((topic) => topic.ui === option.ui))}
        getOptionLabel={(option) => (option.text === option.name ? option.name : `${option.text} (${option.name})`)}
        getOptionKey={(option) => `${option.ui}-${option.text}`}
        filterOptions={(all) => all}
        inputValue={input}
        onInputChange={(_event, text) => setInput(text)}
        value={null}
        onChange={(_event, option) => {
          if (!option) return;
          onChange([...topics, { ui: option.ui, name: option.name }]);
          setInput('');
        }}
        disabled={full}
        renderInput={(params) => (
          <TextField {...params} label={full ? t('topicField.full', { max: DISCUSSION_TOPICS_MAX }) : t('topicField.add')} size="small" />
        )}
      />
      <FormHelperText error={Boolean(error)}>
        {error ?? t(value === null ? 'topicField.helpSuggested' : 'topicField.help', { max: DISCUSSION_TOPICS_MAX })}
      </FormHelperText>
    </Stack>
  );
}
