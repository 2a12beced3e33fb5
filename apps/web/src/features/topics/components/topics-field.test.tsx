import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TopicRef } from '@wink/contracts/topics';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderRoute } from '../../../test/discussions-testing';
import { topicOptions, TopicsField } from './topics-field';

/** Real MeSH: Migraine Disorders (D008881) matches under several of its names; Headache is D006261. */
const suggestions = [
  { text: 'Migraine', ui: 'D008881', name: 'Migraine Disorders' },
  { text: 'Migraine Headache', ui: 'D008881', name: 'Migraine Disorders' },
  { text: 'Migraine Disorders', ui: 'D008881', name: 'Migraine Disorders' },
  { text: 'Migraine Headaches', ui: 'D008881', name: 'Migraine Disorders' },
  { text: 'Sick Headache', ui: 'D008881', name: 'Migraine Disorders' },
  { text: 'Migraine with Aura', ui: 'D020325', name: 'Migraine with Aura' },
];

function Field() {
  const [value, setValue] = useState<TopicRef[] | null>(null);
  return <TopicsField value={value} onChange={setValue} />;
}

describe('topicOptions', () => {
  it('lists each descriptor once, under the first name that matched, leaving out those chosen', () => {
    expect(topicOptions(suggestions, [])).toEqual([suggestions[0], suggestions[5]]);
    expect(topicOptions(suggestions, [{ ui: 'D020325', name: 'Migraine with Aura' }])).toEqual([suggestions[0]]);
  });
});

describe('TopicsField', () => {
  it('offers a descriptor once with the words that matched beside it, and adds it as a chip', async () => {
    fakeServer({ 'GET /api/search/suggest': () => json(200, { data: suggestions }) });
    renderRoute(<Field />, { path: '/', url: '/' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Add a topic (MeSH)' }), 'migr');
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Migraine Disorders' + 'matches “Migraine”', 'Migraine with Aura']);
    await userEvent.click(options[0]!);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove the topic Migraine Disorders' })).toBeInTheDocument());
  });
});
