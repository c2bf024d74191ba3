// Simulated boards for the benches: `boards` boards (numbered F0001…) each publish their nine channels
// over MQTT every `everyMs`, spread evenly over the period, with QoS 1 and the publish time as the MQTT 5
// user property `sent` (the server's ingest lag is measured from it). Each reading is signed as a board
// signs it (docs/devices.md "Signed readings": HMAC-SHA256 of the body under SHA-256 of the board key).
// Every `faultEveryMs` one healthy board's first channel faults for three readings (its fault contact
// closed), so warnings open and close through the reading service: healthy = it has reported, and its
// last fault is over and cleared (detect.closeAfterNormal normal readings, 3, and one more), so the
// reading → event row measures a new fault, never one still open. `onFault(boardNo, t)` hears each
// fault's first faulty publish.
import mqtt from 'mqtt';
import { createHash, createHmac } from 'node:crypto';

/** Readings a fault lasts, and normal readings after it before the board counts as healthy again. */
const FAULT_READINGS = 3;
const CLEAR_READINGS = 4;

/** The envelope a board publishes: its reading's JSON text and the text's HMAC under SHA-256(board key). */
export function signedState(boardKey, reading) {
  const body = JSON.stringify(reading);
  const sig = createHmac('sha256', createHash('sha256').update(boardKey).digest()).update(body).digest('hex');
  return JSON.stringify({ body, sig });
}

export const boardNoOf = (i) => `F${String(i + 1).padStart(4, '0')}`;

export async function startFleet({ url, clientId, prefix, projectKey, boardKey, boards, everyMs = 5000, faultEveryMs = 10_000, onFault = () => undefined, username, password }) {
  const publisher = await mqtt.connectAsync(url, { clientId, clean: true, protocolVersion: 5, username, password });
  let published = 0;
  let failed = 0;
  let seq = 0;
  // board index → readings left in its fault and recovery (FAULT_READINGS faulty, then CLEAR_READINGS normal)
  const faults = new Map();
  const reported = new Set();
  let nextFault = Date.now() + faultEveryMs;
  const startedAt = Date.now();
  const due = Array.from({ length: boards }, (_, i) => startedAt + (i * everyMs) / boards);
  const inflight = new Set();
  const tick = setInterval(() => {
    const now = Date.now();
    if (now >= nextFault) {
      nextFault = now + faultEveryMs;
      // A healthy board: reported already, no fault under way or still clearing.
      const healthy = [...reported].filter((i) => !faults.has(i));
      if (healthy.length) faults.set(healthy[Math.floor(Math.random() * healthy.length)], FAULT_READINGS + CLEAR_READINGS);
    }
    for (let i = 0; i < boards; i++) {
      if (due[i] > now) continue;
      due[i] += everyMs;
      const left = faults.get(i) ?? 0;
      if (left > 1) faults.set(i, left - 1);
      else faults.delete(i);
      const faulty = left > CLEAR_READINGS;
      const boardNo = boardNoOf(i);
      if (left === FAULT_READINGS + CLEAR_READINGS) onFault(boardNo, Date.now());
      const channels = Array.from({ length: 9 }, (_, c) => ({ ch: c + 1, switch: faulty && c === 0 ? 1 : 0, analog: Math.round((50 + (Math.random() * 2 - 1) * 5) * 10) / 10 }));
      reported.add(i);
      const p = publisher
        .publishAsync(`${prefix}/${projectKey}/boards/${boardNo}/state`, signedState(boardKey, { boardNo, at: Date.now(), seq: ++seq, channels }), {
          qos: 1,
          properties: { userProperties: { sent: String(Date.now()) } },
        })
        .then(
          () => (published += 1),
          () => (failed += 1),
        )
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
  }, 20);
  return {
    /** Stops publishing, waits for the broker's acknowledgements, and says how many there were. */
    async stop() {
      clearInterval(tick);
      await Promise.all(inflight);
      await publisher.endAsync().catch(() => undefined);
      return { published, failed };
    },
    /** Ends the connection without waiting (on the error path). */
    async abort() {
      clearInterval(tick);
      await publisher.endAsync(true).catch(() => undefined);
    },
  };
}
