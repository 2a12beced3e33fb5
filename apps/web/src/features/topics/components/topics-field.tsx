import { Autocomplete, Chip, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { DISCUSSION_TOPICS_MAX, type TopicRef } from '@wink/contracts/topics';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSuggestions, type Suggestion } from '../../search';
import { ChipList } from '../../../components/chip-list';

/**
 * The suggestions as topics to pick: each descriptor once, under the first of its names that matched
 * (the vocabulary answers one row per matching name: "Migraine", "Migraine Headache", "Sick Headache"
 * are all Migraine Disorders), without the topics already chosen.
 */
export function topicOptions(suggestions: readonly Suggestion[], chosen: readonly TopicRef[]): Suggestion[] {
  const seen = new Set(chosen.map((topic) => topic.ui));
  return suggestions.filter((option) => !seen.has(option.ui) && seen.add(option.ui));
}

interface TopicsFieldProps {
  /** The owner's choice; null while untouched on a new discussion, whose topics the server then suggests. */
  value: TopicRef[] | null;
  onChange: (topics: TopicRef[]) => void;
  error?: string | undefined;
}

/**
 * A discussion's topics (at most five MeSH descriptors). Left untouched on a new discussion, the server
 * tags it when it is published (the article's major topics, else what the search mapping finds in the
 * title and text): the draft is not sent anywhere before the privacy guard has seen it. Adding a topic
 * from the MeSH suggestions, or removing one, makes the choice the owner's.
 */
export function TopicsField({ value, onChange, error }: TopicsFieldProps) {
  const { t } = useTranslation();
  const topics = value ?? [];
  const [input, setInput] = useState('');
  const options = useSuggestions(input);
  const full = topics.length >= DISCUSSION_TOPICS_MAX;
  const labelId = useId();

  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle2" id={labelId}>
        {t('topicField.label')}
      </Typography>
      <ChipList aria-labelledby={labelId}>
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
            {t(value === null ? 'topicField.suggestedLater' : 'topicField.none')}
          </Typography>
        )}
      </ChipList>
      <Autocomplete
        options={topicOptions(options.data ?? [], topics)}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => option.ui}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Stack>
              <span>{option.name}</span>
              {option.text.toLowerCase() !== option.name.toLowerCase() && (
                <Typography variant="body2" color="text.secondary">
                  {t('topicField.matched', { term: option.text })}
                </Typography>
              )}
            </Stack>
          </li>
        )}
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
