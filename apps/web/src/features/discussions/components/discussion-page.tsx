import { DiscussionUnavailable } from './discussion-unavailable';

/** /discussions/{id}: the discussion with its comments. Until discussions load, every id answers as unavailable. */
export default function Page() {
  return <DiscussionUnavailable />;
}
