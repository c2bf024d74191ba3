// Simulated boards for the benches: `boards` boards (numbered F0001…) each publish their nine channels
// over MQTT every `everyMs`, spread evenly over the period, with QoS 1 and the publish time as the MQTT 5
// user property `sent` (the server's ingest lag is measured from it). Every `faultEveryMs` one random
// board's first channel faults for three readings (its fault contact closed), so warnings open and close
// through the reading service. `onFault(boardNo, t)` hears each fault's first faulty publish.
import mqtt from 'mqtt';

export const boardNoOf = (i) => `F${String(i + 1).padStart(4, '0')}`;

export async function startFleet({ url, clientId, prefix, projectKey, boardKey, boards, everyMs = 5000, faultEveryMs = 10_000, onFault = () => undefined }) {
  const publisher = await mqtt.connectAsync(url, { clientId, clean: true, protocolVersion: 5 });
  let published = 0;
  let failed = 0;
  const faults = new Map(); // board index → readings left faulty
  let nextFault = Date.now() + faultEveryMs;
  const startedAt = Date.now();
  const due = Array.from({ length: boards }, (_, i) => startedAt + (i * everyMs) / boards);
  const inflight = new Set();
  const tick = setInterval(() => {
    const now = Date.now();
    if (now >= nextFault) {
      nextFault = now + faultEveryMs;
      faults.set(Math.floor(Math.random() * boards), 3);
    }
    for (let i = 0; i < boards; i++) {
      if (due[i] > now) continue;
      due[i] += everyMs;
      const left = faults.get(i) ?? 0;
      if (left > 0) faults.set(i, left - 1);
      const boardNo = boardNoOf(i);
      if (left === 3) onFault(boardNo, Date.now());
      const channels = Array.from({ length: 9 }, (_, c) => ({ ch: c + 1, switch: left > 0 && c === 0 ? 1 : 0, analog: Math.round((50 + (Math.random() * 2 - 1) * 5) * 10) / 10 }));
      const p = publisher
        .publishAsync(`${prefix}/${projectKey}/boards/${boardNo}/state`, JSON.stringify({ key: boardKey, channels }), {
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
