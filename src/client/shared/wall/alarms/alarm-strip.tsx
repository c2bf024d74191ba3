import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '@client/lib/api';
import { getToken, useSession } from '@client/lib/session';
import { LEVEL_COLOR, TAG_HEX, WALL } from '@client/components/wall/theme';
import type { PanelBox } from '@client/components/wall/panel';
import { afterWallShown } from '@client/components/wall/first-frame';
import { localName } from '@shared/local-name';
import type { WarningAlarms } from '@shared/contracts/warning';
import { FloodGroups } from './alarm-flood';
import type { AlarmSound } from '@shared/alarm';
import type { PermissionCode } from '@shared/resources';
import { useLiveRefresh } from '../../stats/api/refresh';
import { useWallText } from '../use-wall-locale';
import { useWallSession } from '../project/api/get-wall-session';
import { audioState, playSound, SOUND_REPEAT_MS, startAudio, subscribeAudio, unlockAudio, type AudioState } from './alarm-sound';
import { useWallMute } from './alarm-mute';
import { loudest, orderAlarms } from './alarm-order';

export const ACK_PERMISSION: PermissionCode = 'fall-detect#ack';
/** Who hears alarms: the server's rule for POST /ball/fallwarning/alarms. */
const ALARM_READ: PermissionCode[] = ['fall-detect#list', 'ship-scene#view'];

/**
 * The height every wall keeps free for its alarm strip (design pixels): two alarm rows, always in
 * sight, so an alarm never covers the KPIs, the map or the site plan (the walls lay their panels out
 * around it).
 */
export const ALARM_STRIP_HEIGHT = 96;
const ROW_HEIGHT = 40;

/**
 * The alarms a wall shows (POST /ball/fallwarning/alarms). Its key is declared urgent on the warning
 * topic (shared/wall/live-keys.ts), so every pushed warning event (a new one, an acknowledgement on
 * another wall, an escalation) refreshes it at once; the wall's refresh interval backs the push up.
 */
export const alarmsQueryOptions = (projectId: number | undefined) => ({
  queryKey: ['warning-alarms', projectId ?? 'all'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.post<WarningAlarms>('/ball/fallwarning/alarms', projectId ? { projectId } : {}, { signal }),
});

/**
 * The audio's state; the audio starts once it is `wanted` (a kiosk, to say at once whether the
 * browser lets it sound; an alarm to sound) and the wall is on screen: a wall with nothing to sound
 * starts none.
 */
function useAudioState(wanted: boolean): AudioState {
  useEffect(() => (wanted ? afterWallShown(startAudio) : undefined), [wanted]);
  return useSyncExternalStore(subscribeAudio, audioState, () => 'unsupported' as AudioState);
}

/**
 * While the browser keeps the audio locked, every click or key anywhere on the wall tries again
 * (browsers let a page sound only from a person's gesture); the wall itself stays as it is.
 */
function useUnlockOnGesture(locked: boolean): void {
  useEffect(() => {
    if (!locked) return undefined;
    const retry = () => void unlockAudio();
    window.addEventListener('pointerdown', retry, true);
    window.addEventListener('keydown', retry, true);
    return () => {
      window.removeEventListener('pointerdown', retry, true);
      window.removeEventListener('keydown', retry, true);
    };
  }, [locked]);
}

/**
 * The strip's pulse while an alarm is up: a glow on a layer of its own behind the strip, fading in
 * and out in GLOW_STEPS steps. Only the layer's opacity changes, in steps, so a wall without a GPU
 * (software compositing) redraws it ten times a second without painting anything.
 */
const GLOW_STEPS = 8;
const GLOW_KEYFRAMES = '@keyframes cascade-alarm-glow { from { opacity: 0 } to { opacity: 1 } }';
const GLOW_STYLE: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  borderRadius: 6,
  zIndex: -1,
  boxShadow: '0 0 14px var(--alarm)',
  pointerEvents: 'none',
  willChange: 'opacity',
  animation: `cascade-alarm-glow 0.8s steps(${GLOW_STEPS}, jump-none) infinite alternate`,
};

export interface AlarmStripProps {
  /** The project wall's project; none = every project (the overview, a scene). */
  projectId?: number;
  /** Where the mute is remembered: 'overview', 'project:7'. */
  wallKey: string;
  /** A kiosk wall starts its audio at once, to show whether the browser blocks its sound. */
  kiosk: boolean;
  /** The strip's place on the design canvas, kept free by the wall's layout. */
  box: PanelBox;
}

/**
 * Alarms the wall cannot miss, in a strip of their own that covers nothing: open, unacknowledged
 * warnings of the levels that pop up, the most severe and the newest always in its first two rows
 * (the rest scroll, with their count). It sounds the tone of the highest level until someone
 * acknowledges them (here, when the session may, or in the back-office; every wall hears it and
 * stops) or this wall is muted — for alarm.muteMinutes, after which it sounds again by itself; an
 * escalated alarm sounds through a mute. When the browser blocks sound, a small badge says so and
 * the next click or key anywhere enables it. Suppressed alarms (shelved, unit out of service, board
 * offline) are not on it; how many are shelved is, always ("shelved N").
 */
export function AlarmStrip({ projectId, wallKey, kiosk, box }: AlarmStripProps) {
  const { t, locale } = useWallText();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const session = useWallSession(token ?? getToken());
  const perms = session.data?.perms ?? [];
  const canAck = perms.includes(ACK_PERMISSION);
  // A visitor, or a user without the rights, has no alarms to hear (and no failing call to show as stale).
  const mayRead = ALARM_READ.some((p) => perms.includes(p));
  const alarms = useQuery({ ...alarmsQueryOptions(projectId), refetchInterval: useLiveRefresh(), enabled: mayRead });
  const { until: mutedUntil, mute, unmute } = useWallMute(wallKey);
  const muted = mutedUntil !== null;
  const muteMinutes = alarms.data?.muteMinutes ?? 0;
  // Shelved alarms are off the strip, not out of sight: their count is always on it (docs/alarms.md "Shelving").
  const shelved = alarms.data?.shelved ?? 0;
  // A project in a maintenance window raises no alarm; the strip says so, and until when (docs/alarms.md "Maintenance windows").
  const maintenance = alarms.data?.maintenance ?? { projects: 0, until: null };
  const windowEnd = dayjs(maintenance.until).format(dayjs(maintenance.until).isSame(dayjs(), 'day') ? 'HH:mm' : 'MM-DD HH:mm');
  const list = useMemo(() => orderAlarms(alarms.data?.list ?? []), [alarms.data]);
  // The list is the newest 50; the count is every alarm the wall holds.
  const total = Math.max(alarms.data?.total ?? 0, list.length);
  const flood = alarms.data?.flood?.active ? alarms.data.flood : null;
  const audio = useAudioState(kiosk || list.length > 0);
  useUnlockOnGesture(audio === 'locked');

  // A mute silences what is up, never an escalation: escalated alarms sound through it.
  const heard = useMemo(() => (muted ? list.filter((a) => a.overdue) : list), [list, muted]);
  const top = loudest(heard);
  const sound: AlarmSound = top && alarms.data ? (alarms.data.sounds[top.level] ?? 'none') : 'none';
  const sounding = sound !== 'none';
  const level = list[0]?.level;
  const colour = level ? (LEVEL_COLOR[level] ?? TAG_HEX.warning) : WALL.border;

  // The tone repeats while it sounds; a change of alarms (a new one, an escalation) rings at once.
  const ringKey = list.map((a) => `${a.id}:${a.overdue ? 'overdue' : 'new'}`).join(',');
  useEffect(() => {
    if (!sounding || audio !== 'running') return undefined;
    playSound(sound);
    const timer = window.setInterval(() => playSound(sound), SOUND_REPEAT_MS[sound]);
    return () => window.clearInterval(timer);
  }, [sounding, sound, audio, ringKey]);

  const ack = useMutation({
    mutationFn: (id: number) => api.post('/ball/fallwarning/ack', { id }),
    // Done, or done already by another wall: either way the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warning-alarms'] }),
  });

  const blocked = audio === 'locked';
  const more = Math.max(0, total - 2);
  return (
    <>
      {/* Invisible: says the wall is listening for alarms (browser tests and benchmarks wait for it). */}
      <span data-testid="alarm-watch" data-state={alarms.isSuccess ? 'ready' : mayRead ? 'loading' : 'off'} hidden />
      {mayRead ? (
        <section
          aria-label={t('alarm.title')}
          data-testid="alarm-strip"
          data-level={level}
          data-count={total}
          data-flood={flood ? 'true' : 'false'}
          data-sounding={sounding ? 'true' : 'false'}
          data-muted={muted ? 'true' : 'false'}
          data-muted-until={mutedUntil ?? undefined}
          data-audio={audio}
          style={{
            ['--alarm' as string]: colour,
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.w,
            height: box.h,
            zIndex: 1,
            boxSizing: 'border-box',
            display: 'grid',
            // "Alarm flood" and its count need more room than "Alarms".
            gridTemplateColumns: flood ? '240px minmax(0, 1fr) auto' : '170px minmax(0, 1fr) auto',
            gap: 14,
            alignItems: 'center',
            padding: '6px 14px',
            background: list.length ? 'rgba(8, 20, 42, 0.97)' : WALL.panel,
            border: `2px solid ${colour}`,
            borderRadius: 6,
            color: WALL.text,
            fontFamily: WALL.font,
          }}
        >
          {list.length ? (
            <>
              <style>{GLOW_KEYFRAMES}</style>
              <span aria-hidden data-testid="alarm-glow" style={GLOW_STYLE} />
            </>
          ) : null}
          <div style={{ minWidth: 0 }}>
            <div style={{ fontSize: 24, lineHeight: '30px', fontWeight: 700, color: list.length ? colour : WALL.textDim, whiteSpace: 'nowrap' }}>
              {list.length ? '⚠' : '✓'} {flood ? <span data-testid="alarm-flood">{t('alarm.flood')}</span> : t('alarm.title')}
              {list.length ? <span style={{ marginLeft: 10, fontFamily: WALL.numberFont }}>{total}</span> : null}
            </div>
            {list.length ? (
              <div
                data-testid="alarm-summary"
                title={canAck ? undefined : t('alarm.noAckRight')}
                style={{ fontSize: 15, color: WALL.textDim, marginTop: 2, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {flood ? t('alarm.floodSummary', { raised: flood.raised, groups: flood.groups.length }) : more ? t('alarm.more', { count: more }) : t('alarm.count', { count: total })}
              </div>
            ) : null}
            {/* Under the count, where the strip has room: muted until when; muted yet sounding (the overdue
                alarms sound through the mute by design), in red, with how many. */}
            {muted && !blocked ? (
              <span
                data-testid="alarm-muted"
                data-through={sounding ? heard.length : 0}
                title={`${t('alarm.mutedUntil', { time: dayjs(mutedUntil).format('HH:mm') })} · ${t('alarm.escalatedSounds')}`}
                style={{ ...badgeStyle(sounding ? TAG_HEX.danger : WALL.textDim), marginTop: 3 }}
              >
                <Speaker size={14} muted={!sounding} /> {sounding ? t('alarm.throughMute', { count: heard.length }) : t('alarm.mutedUntil', { time: dayjs(mutedUntil).format('HH:mm') })}
              </span>
            ) : null}
            {blocked ? (
              // Any click or key anywhere enables sound (useUnlockOnGesture); the badge says so.
              <button type="button" data-testid="alarm-sound-blocked" title={t('alarm.soundBlockedHint')} onClick={() => void unlockAudio()} style={{ ...badgeStyle(TAG_HEX.warning), marginTop: 3 }}>
                <Speaker size={14} muted /> {t('alarm.soundBlocked')}
              </button>
            ) : null}
          </div>
          {!list.length ? <div style={{ fontSize: 20, color: WALL.textDim }}>{t('alarm.none')}</div> : null}
          {flood && list.length ? <FloodGroups groups={flood.groups} allProjects={!projectId} /> : null}
          <ul role="list" aria-live="assertive" style={{ display: list.length && !flood ? undefined : 'none', listStyle: 'none', margin: 0, padding: 0, height: 2 * ROW_HEIGHT, overflowY: list.length > 2 ? 'auto' : 'hidden' }}>
            {list.map((a) => {
              const c = LEVEL_COLOR[a.level] ?? TAG_HEX.warning;
              const project = a.projectName && !projectId ? localName(a.projectName, a.projectNameEn ?? '', locale) : '';
              const where = [project, a.equipmentName ? localName(a.equipmentName, a.equipmentNameEn, locale) : ''].filter(Boolean).join(' · ');
              return (
                <li
                  key={a.id}
                  data-alarm-id={a.id}
                  data-level={a.level}
                  data-overdue={a.overdue ? 'true' : 'false'}
                  style={{ display: 'flex', alignItems: 'center', gap: 12, height: ROW_HEIGHT, borderBottom: `1px dashed ${WALL.grid}` }}
                >
                  <span style={{ flex: 'none', minWidth: 64, fontSize: 16, fontWeight: 700, color: c, border: `2px solid ${c}`, borderRadius: 4, textAlign: 'center', padding: '1px 6px' }}>{t(`warning.levels.${a.level}`)}</span>
                  {/* What failed first (it names the board and channel), then where, dimmed: a narrow strip cuts the where. */}
                  <span style={{ flex: 1, minWidth: 0, fontSize: 20, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={[a.info, where].filter(Boolean).join(' · ')}>
                    {a.info}
                    {where ? <span style={{ color: WALL.textDim, fontSize: 17 }}> · {where}</span> : null}
                  </span>
                  {a.chatter > 0 ? (
                    <span data-testid="alarm-chattering" title={t('alarm.chatteringTitle', { count: a.chatter })} style={{ flex: 'none', fontSize: 15, color: TAG_HEX.warning, border: `1px solid ${TAG_HEX.warning}`, borderRadius: 3, padding: '0 6px' }}>
                      {t('alarm.chattering')}
                    </span>
                  ) : null}
                  {a.overdue ? (
                    <span data-testid="alarm-overdue" style={{ flex: 'none', fontSize: 15, color: TAG_HEX.danger, border: `1px solid ${TAG_HEX.danger}`, borderRadius: 3, padding: '0 6px' }}>
                      {t('alarm.overdue')}
                    </span>
                  ) : null}
                  <span title={dayjs(a.at).format('YYYY-MM-DD HH:mm:ss')} style={{ flex: 'none', fontSize: 16, color: WALL.textDim, fontFamily: WALL.numberFont }}>{dayjs(a.at).format('HH:mm')}</span>
                  {canAck ? (
                    <button type="button" data-testid="alarm-ack" disabled={ack.isPending && ack.variables === a.id} onClick={() => ack.mutate(a.id)} style={buttonStyle(c, true)}>
                      {ack.isPending && ack.variables === a.id ? t('alarm.acking') : t('alarm.ack')}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 6 }}>
            <span data-testid="alarm-shelved" data-count={shelved} title={t('alarm.shelvedHint')} style={badgeStyle(shelved ? TAG_HEX.warning : WALL.textDim)}>
              <Pause size={12} /> {t('alarm.shelved', { count: shelved })}
            </span>
            {maintenance.projects > 0 ? (
              <span data-testid="alarm-maintenance" data-count={maintenance.projects} title={t('alarm.maintenanceHint')} style={badgeStyle(TAG_HEX.info)}>
                {projectId || maintenance.projects === 1
                  ? t('alarm.maintenanceUntil', { time: windowEnd })
                  : t('alarm.maintenanceProjects', { count: maintenance.projects, time: windowEnd })}
              </span>
            ) : null}
            {muted ? (
              <button type="button" data-testid="alarm-mute" aria-pressed onClick={unmute} style={buttonStyle(WALL.textDim)}>
                <Speaker size={16} /> {t('alarm.unmute')}
              </button>
            ) : muteMinutes > 0 && list.length ? (
              <button type="button" data-testid="alarm-mute" aria-pressed={false} onClick={() => mute(muteMinutes)} style={buttonStyle(WALL.textDim)}>
                <Speaker size={16} muted /> {t('alarm.mute')}
              </button>
            ) : null}

          </div>
        </section>
      ) : null}
    </>
  );
}

/** A pause sign drawn inline (the shelved counter). */
function Pause({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <rect x="5" y="4" width="5" height="16" rx="1" />
      <rect x="14" y="4" width="5" height="16" rx="1" />
    </svg>
  );
}

/** A loudspeaker drawn inline (no emoji: a wall PC's fonts may not have them). */
function Speaker({ size, muted = false }: { size: number; muted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
    </svg>
  );
}

function buttonStyle(colour: string, strong = false): React.CSSProperties {
  return {
    flex: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    fontSize: 16,
    fontFamily: WALL.font,
    padding: '3px 12px',
    color: strong ? '#031022' : colour,
    background: strong ? colour : 'transparent',
    border: `2px solid ${colour}`,
    borderRadius: 4,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  };
}

function badgeStyle(colour: string): React.CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    fontSize: 14,
    fontFamily: WALL.font,
    padding: '1px 8px',
    color: colour,
    background: 'transparent',
    border: `1px solid ${colour}`,
    borderRadius: 3,
    whiteSpace: 'nowrap',
    cursor: 'default',
  };
}
