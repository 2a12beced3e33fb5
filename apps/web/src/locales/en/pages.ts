// English strings for the pages area. Top-level keys are unique across locales/en/*.ts.
export default {
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
    home: 'Go to the home page',
  },
  search: {
    title: 'Search health articles',
    label: 'Search term',
    placeholder: 'A condition, treatment or medicine',
    tooLong: 'A search can be at most {{max, number}} characters long; this one has {{count, number}}. Shorten it to search.',
    submit: 'Search',
    clear: 'Clear the search',
    introTitle: 'What would you like to know?',
    introBody:
      'Search for a condition, a treatment or a medicine. Terms are matched to MeSH, the vocabulary libraries use to index medical research, so synonyms find the same articles.',
    noResultsTitle: 'No articles match yet',
    noResultsBody: 'There are no articles to show for “{{term}}” yet. Try a broader term, a synonym, or the name of a condition.',
    noResultsHint: 'Try a broader term, a synonym, or the name of a condition.',
  },
} as const;
