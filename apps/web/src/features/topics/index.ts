/**
 * What other features use of topics: the form field that picks a discussion's topics. The chips that
 * link to topics are a shared component, since they appear on every discussion card: through here
 * they would bring this field's Autocomplete along.
 */
export { TopicsField } from './components/topics-field';
