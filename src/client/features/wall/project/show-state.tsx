import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WallShow } from '@shared/contracts/calendar';
import { localDate, localParts } from '@shared/local-time';
import { TAG_HEX, WALL } from '../../../components/wall/theme';

/** The longest a timer may be set for (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An instant in the project's own zone: `HH:mm` today, else `MM-DD HH:mm`. */
function when(iso: string, now: number, timeZone: string): string {
  const at = Date.parse(iso);
  const parts = localParts(at, timeZone);
  return localDate(now, timeZone) === parts.date ? parts.time : `${parts.date.slice(5)} ${parts.time}`;
}

/**
 * What the project's operating calendar says now, in the title bar of the project wall and of a public
 * project's page (docs/maintenance.md "Operating calendar"): in show until …, idle with the next show, or closed for the season. At the
 * state's end the wall's data are read again, so it turns on its own at the show's first minute.
 */
export function ShowState({ show, at, projectId, query = 'wall-project' }: { show: WallShow; at: string; projectId: number; query?: 'wall-project' | 'public-project' }) {
  const { t } = useTranslation('wallProject');
  const client = useQueryClient();
  const now = Date.parse(at);
  useEffect(() => {
    if (!show.until) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(1_000, Date.parse(show.until) - Date.now() + 1_000));
    // The detailed wall's data, or the public form's (a visitor's page), read again.
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: [query, projectId] }), wait);
    return () => clearTimeout(timer);
  }, [client, projectId, query, show.until]);

  const next = show.show && show.state !== 'show' ? t('show.next', { time: when(show.show.start, now, show.timeZone) }) : null;
  const [colour, text] =
    show.state === 'show'
      ? [TAG_HEX.success, t('show.inShow', { time: when(show.show?.end ?? at, now, show.timeZone) })]
      : show.state === 'closed'
        ? [TAG_HEX.warning, show.closedBy?.kind === 'holiday' ? t('show.closedHoliday', { name: show.closedBy.name }) : t('show.closedSeason', { name: show.closedBy?.name ?? '' })]
        : [WALL.textDim, t('show.idle')];
  return (
    <span data-testid="show-state" data-state={show.state} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontSize: 15, color: WALL.text, border: `1px solid ${WALL.border}`, padding: '3px 10px', borderRadius: 3, whiteSpace: 'nowrap' }}>
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: colour }} />
      <span style={{ color: colour, fontWeight: 600 }}>{text}</span>
      {next ? <span data-testid="show-next" style={{ color: WALL.textDim }}>{next}</span> : null}
    </span>
  );
}
