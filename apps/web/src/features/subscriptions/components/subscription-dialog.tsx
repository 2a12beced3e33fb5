// Placeholder until the subscription dialog lands (same session).
export default function SubscriptionDialog(_props: { ability: 'read' | 'write'; leaderOnly?: boolean; onClose: () => void }) {
  return null;
}
