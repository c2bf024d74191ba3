import { Outlet } from 'react-router-dom';
import { TooltipSource } from '@client/components/tooltip-source';
import './wall-base.css';

// The walls' hover hints: Mantine's Tooltip with its shell, on a chunk of its own.
const loadHintTooltip = () => import('./hint-tooltip');

/**
 * /page: the wall layout, full screen without any chrome; each wall scales its own 1920×1080 canvas.
 * Walls draw without Mantine: wall-base.css is the part of Mantine's baseline they rely on.
 */
export default function PageLayout() {
  return (
    <div style={{ position: 'fixed', inset: 0, overflow: 'hidden' }}>
      <TooltipSource value={loadHintTooltip}>
        <Outlet />
      </TooltipSource>
    </div>
  );
}
