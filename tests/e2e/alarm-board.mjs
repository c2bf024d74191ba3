// A project with one detection board whose faults the browser tests raise through the device path
// (the board's signed HTTP report, as a field controller posts it). Used by alarms.e2e.mjs and
// unattended.e2e.mjs; not a test file itself.
import { call } from './server.mjs';
// Boards sign their readings (docs/devices.md "Signed readings"): the same envelope as the fleet bench's boards.
import { signedState } from '../bench/fleet-publisher.mjs';

let seq = 0;
/** Posts a board's signed reading as a field controller does (POST /api/ball/detect/report under its project key). */
export async function report(baseUrl, projectKey, boardKey, boardNo, channels) {
  const res = await fetch(`${baseUrl}/api/ball/detect/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-project-key': projectKey },
    body: signedState(boardKey, { boardNo, at: Date.now(), seq: ++seq, channels }),
  });
  if (!res.ok) throw new Error(`board report → ${res.status} ${await res.text()}`);
}

/** Nine channels reading normal but the `faulty` ones (a switch fault: a critical alarm). */
export const channels = (...faulty) => Array.from({ length: 9 }, (_, i) => ({ ch: i + 1, switch: faulty.includes(i + 1) ? 1 : 0, analog: 50 }));

/**
 * A new project with one unit and one board (AL-1, channel 1 wired to the unit) that reports only
 * over HTTP, and rarely: silent for an hour before it counts as offline (no offline alarm in the way).
 * Its first reading is normal. Returns the ids and `fault(...channels)` / `normal()` to report with.
 */
export async function alarmBoard(baseUrl, token, name) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const projectKey = `alarm-${stamp}`;
  const { id: projectId } = await call(baseUrl, 'POST', '/ball/fallproject/save', {
    token,
    body: { name: `${name.cn} ${stamp}`, nameCn: `${name.cn} ${stamp}`, nameEn: `${name.en} ${stamp}`, uniqueKey: projectKey, waterType: 'fountain', city: '杭州', cityEn: 'Hangzhou', country: 'CN' },
  });
  const unit = (await call(baseUrl, 'POST', '/ball/falleqinfo/save', { token, body: { name: `Jet pump ${stamp}`, projectId, posX: 0.4, posY: 0.5 } })).id;
  const board = await call(baseUrl, 'POST', '/ball/falldetect/save', { token, body: { projectId, boardName: '告警检测板', boardNameEn: 'Alarm board', boardNo: 'AL-1', posX: 0.5, posY: 0.5, pollSeconds: 3600 } });
  await call(baseUrl, 'POST', '/ball/falldetect/channels/update', { token, body: { id: board.id, channels: [{ ch: 1, label: 'P1', equipmentId: unit }] } });
  const { boardKey } = await call(baseUrl, 'POST', '/ball/falldetect/key', { token, body: { id: board.id } });
  const send = (list) => report(baseUrl, projectKey, boardKey, 'AL-1', list);
  await send(channels());
  return { projectId, boardId: board.id, fault: (...faulty) => send(channels(...faulty)), normal: () => send(channels()) };
}

/** Closes the board's open warnings, so no fault is left for the next test file on the same server. */
export async function closeOpenWarnings(baseUrl, token, boardId) {
  const open = (await call(baseUrl, 'POST', '/ball/fallwarning/list', { token, body: { page: 1, limit: 20, detectId: boardId, result: 'open' } }).catch(() => ({ list: [] }))).list;
  for (const w of open) await call(baseUrl, 'POST', '/ball/fallwarning/deal', { token, body: { id: w.id, result: 'fixed' } }).catch(() => undefined);
}
