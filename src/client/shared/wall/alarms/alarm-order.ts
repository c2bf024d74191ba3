import { WARNING_LEVELS } from '@shared/constants';
import type { WarningRow } from '@shared/contracts/warning';

type Alarm = Pick<WarningRow, 'id' | 'at' | 'level' | 'overdue'>;

const rank = (level: string) => WARNING_LEVELS.indexOf(level as (typeof WARNING_LEVELS)[number]);
const time = (a: Alarm) => new Date(a.at).getTime();

/**
 * The order of the alarm strip, whose first two rows are always in sight: the most severe alarm
 * first (escalated before not, then the newest), the newest of all second when it is another one,
 * then the rest by severity and time.
 */
export function orderAlarms<T extends Alarm>(list: readonly T[]): T[] {
  const bySeverity = [...list].sort((a, b) => rank(b.level) - rank(a.level) || Number(b.overdue) - Number(a.overdue) || time(b) - time(a) || b.id - a.id);
  if (bySeverity.length < 3) return bySeverity;
  const newest = list.reduce((m, a) => (time(a) > time(m) || (time(a) === time(m) && a.id > m.id) ? a : m));
  if (newest === bySeverity[0] || newest === bySeverity[1]) return bySeverity;
  return [bySeverity[0], newest, ...bySeverity.slice(1).filter((a) => a !== newest)];
}

/** The alarm whose tone sounds: the highest level among those given. */
export function loudest<T extends Alarm>(list: readonly T[]): T | null {
  return list.reduce<T | null>((m, a) => (!m || rank(a.level) > rank(m.level) ? a : m), null);
}
