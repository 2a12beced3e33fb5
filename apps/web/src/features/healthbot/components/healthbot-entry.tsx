import { useEffect, useState } from 'react';
import { usePermissionGate } from '../../subscriptions';
import HealthbotPanel, { type HealthbotPanelProps } from './healthbot-panel';

/**
 * What the launcher loads on its first click: the reading-plan gate, then the panel. The gate lives
 * here rather than in the launcher so the layout carries nothing but the button (the first-render
 * budget); without a reading plan the subscription dialog opens and the panel stays shut.
 */
export default function HealthbotEntry({ open, onClose }: HealthbotPanelProps) {
  const gate = usePermissionGate();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    if (!open) return;
    if (!gate('read', () => setAllowed(true))) {
      setAllowed(false);
      onClose();
    }
    // Checked each time it opens: a plan can end while the page stays open.
  }, [open]);

  return allowed ? <HealthbotPanel open={open} onClose={onClose} /> : null;
}
