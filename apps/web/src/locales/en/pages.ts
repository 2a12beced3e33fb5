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
    submit: 'Search',
    clear: 'Clear the search',
    introTitle: 'What would you like to know?',
    introBody:
      'Search for a condition, a treatment or a medicine. Terms are matched to MeSH, the vocabulary libraries use to index medical research, so synonyms find the same articles.',
    noResultsTitle: 'No articles match yet',
    noResultsBody: 'There are no articles to show for “{{term}}” yet. Try a broader term, a synonym, or the name of a condition.',
  },
  collections: {
    title: 'Collections',
    emptyTitle: 'No collections yet',
    emptyBody: 'Save articles from search into your draft, then turn it into a named collection you can share with a link.',
    openDraft: 'Open your draft',
    draftTitle: 'Draft collection',
    draftEmptyTitle: 'Your draft is empty',
    draftEmptyBody: 'Articles you save from search land here first. A collection holds up to {{limit}} articles.',
    searchArticles: 'Search articles',
    unavailableTitle: 'This collection does not exist or you cannot see it',
    unavailableBody: 'It may have been deleted, or it belongs to someone else.',
    yourCollections: 'Your collections',
    sharedUnavailableTitle: 'This shared link does not work',
    sharedUnavailableBody:
      'Its owner may have stopped sharing the collection, or the link was copied only in part. Ask them for a new link.',
  },
} as const;
