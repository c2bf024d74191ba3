import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgressRunning } from './progress';

type Phase = 'idle' | 'running' | 'finishing';

/** How long the bar takes to creep towards the end while work runs, and to fade after it. */
const CREEP_MS = 8000;
const FINISH_MS = 300;

/** A thin bar across the top of the page while a navigation or a screen chunk loads. */
export function TopProgress() {
  const { t } = useTranslation('layout');
  const running = useProgressRunning();
  const [phase, setPhase] = useState<Phase>('idle');
  const [grown, setGrown] = useState(false);

  useEffect(() => {
    if (running) {
      setPhase('running');
      // Grow on the next frame so the width transition starts from zero.
      const frame = requestAnimationFrame(() => setGrown(true));
      return () => cancelAnimationFrame(frame);
    }
    setPhase((p) => (p === 'idle' ? 'idle' : 'finishing'));
    const timer = setTimeout(() => {
      setPhase('idle');
      setGrown(false);
    }, FINISH_MS);
    return () => clearTimeout(timer);
  }, [running]);

  if (phase === 'idle') return null;
  const width = phase === 'finishing' ? '100%' : grown ? '85%' : '0%';
  return (
    <div
      role="progressbar"
      aria-label={t('progress')}
      aria-busy={phase === 'running'}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: 10000, pointerEvents: 'none' }}
    >
      <div
        style={{
          height: '100%',
          width,
          opacity: phase === 'finishing' ? 0 : 1,
          // Mantine's colours, with their values for the walls, which load without Mantine.
          background: 'linear-gradient(90deg, var(--mantine-color-cyan-4, #3bc9db), var(--mantine-primary-color-filled, #1098ad))',
          boxShadow: '0 0 8px var(--mantine-primary-color-filled, #1098ad)',
          transition:
            phase === 'finishing'
              ? `width ${FINISH_MS / 2}ms ease-out, opacity ${FINISH_MS}ms ease ${FINISH_MS / 2}ms`
              : `width ${CREEP_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`,
        }}
      />
    </div>
  );
}
