import { DiscussionUnavailable } from './discussion-unavailable';

/** /discussions/{id}/comments/{commentId}: a single comment. Until discussions load, every id answers as unavailable. */
export default function Page() {
  return <DiscussionUnavailable />;
}
