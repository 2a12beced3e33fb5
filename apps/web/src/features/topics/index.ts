/** What other features use of topics: the chips that link to a topic and the form field that picks topics. */
export { TopicChips } from './components/topic-chips';
export { TopicsField } from './components/topics-field';
