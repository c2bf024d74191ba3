import type { MouseEvent } from 'react';
import { Alert, Box, Group, Text, Button } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '@client/lib/i18n';
import { downloadUrl, useFileSrc } from '../../../shared/projects/project-api';

export interface PlanPosition {
  x: number;
  y: number;
}

export interface SitePlanPickerProps {
  /** The project's map background (oss_file id). */
  planId: number | null;
  value: PlanPosition | null;
  onChange: (position: PlanPosition | null) => void;
  /** Other things already on the plan, drawn dimmed for orientation. */
  others?: PlanPosition[];
}

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;

/**
 * Click the site plan to place something on it. Positions are fractions of the image's width and
 * height from its top-left corner (0..1), so they survive a sharper plan being uploaded.
 */
export function SitePlanPicker({ planId, value, onChange, others = [] }: SitePlanPickerProps) {
  const { t } = useTranslation('projects');
  const planSrc = useFileSrc(planId === null ? null : downloadUrl(planId));
  if (planId === null) return <Alert color="yellow">{tMessage('v.mapFirst')}</Alert>;
  const place = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: round((e.clientX - box.left) / box.width), y: round((e.clientY - box.top) / box.height) });
  };
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" c={value ? undefined : 'dimmed'}>
          {value ? t('equipment.placed', { x: value.x.toFixed(3), y: value.y.toFixed(3) }) : tMessage('v.pickLocation')}
        </Text>
        {value && (
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(null)}>
            {t('equipment.clearPosition')}
          </Button>
        )}
      </Group>
      <Box
        role="button"
        aria-label={tMessage('v.pickLocation')}
        onClick={place}
        style={{ position: 'relative', cursor: 'crosshair', lineHeight: 0, border: '1px solid var(--mantine-color-default-border)' }}
      >
        <img src={planSrc} alt={t('project.fields.mapBackground')} style={{ width: '100%', height: 'auto', userSelect: 'none' }} draggable={false} />
        {others.map((p, i) => (
          <Box key={i} style={{ position: 'absolute', left: `${p.x * 100}%`, top: `${p.y * 100}%`, width: 8, height: 8, marginLeft: -4, marginTop: -4, borderRadius: 4, background: 'rgba(60,60,60,0.45)' }} />
        ))}
        {value && (
          <Box style={{ position: 'absolute', left: `${value.x * 100}%`, top: `${value.y * 100}%`, transform: 'translate(-50%, -100%)', color: 'var(--mantine-color-red-6)' }}>
            <IconMapPin size={28} aria-hidden />
          </Box>
        )}
      </Box>
    </Box>
  );
}
