import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BoardRow } from '@shared/contracts/detect';
import { when } from '../../../shared/work-kit/format';

/**
 * A board's readings missing over the last hour (docs/devices.md "Missing readings"): gaps in its
 * sequence or its poll period, or its silence now, as the server counts them (the metric's figure);
 * nothing when none is. The hover says since when.
 */
export function MissingBadge({ board }: { board: Pick<BoardRow, 'missed' | 'missingSince'> }) {
  const { t } = useTranslation('work');
  if (!board.missed) return null;
  const hint = board.missingSince ? t('detect.missingHint', { n: board.missed, since: when(board.missingSince) }) : t('detect.missingHintNow', { n: board.missed });
  return (
    <Tooltip label={hint} multiline maw={360}>
      <Badge color="orange" variant="light" data-testid="board-missing" aria-label={hint} style={{ textTransform: 'none' }}>
        {t('detect.missing', { n: board.missed })}
      </Badge>
    </Tooltip>
  );
}
