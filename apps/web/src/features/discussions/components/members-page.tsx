import { DiscussionUnavailable } from './discussion-unavailable';

/** /discussions/{id}/members: the discussion's members. Until discussions load, every id answers as unavailable. */
export default function Page() {
  return <DiscussionUnavailable />;
}
