import { describe, expect, it } from 'vitest';
import { SWITCH_FAULT, SWITCH_NORMAL } from '@shared/constants';
import { fleetProfile, type ChannelProfile } from '../modules/operations/predict/degradation';
import { BoardSimulator, seededRandom } from './simulator';

/** `npm run simulate -- --seed --degrade`: a seeded run repeats itself; a degrading channel reaches its fault. */
describe('simulator degradations', () => {
  const drift: ChannelProfile = { kind: 'drift', key: 1, seed: 3, lo: 0, hi: 100, idle: 50, show: 50, showFrom: 0, showTo: 0, noise: 1, onsetHour: 24, faultHour: 96, dir: 1 };

  it('the same seed plays the same readings', () => {
    const run = () => {
      const sim = new BoardSimulator({ units: [1], faultRate: 0.2, random: seededRandom(42) });
      const out: unknown[] = [];
      for (let i = 0; i < 50; i++) {
        sim.tick();
        out.push(sim.reading(1));
      }
      return out;
    };
    expect(run()).toEqual(run());
  });

  it('a drifting channel climbs towards its limit and ends in a fault, an hour a tick', () => {
    const sim = new BoardSimulator({ units: [1], faultRate: 0, random: seededRandom(1), minutesPerTick: 60 });
    sim.degrade(1, 4, drift);
    const seen: { analog: number; switch: number }[] = [];
    for (let h = 0; h < 100; h++) {
      sim.tick();
      seen.push(sim.reading(1)[3]);
    }
    expect(seen[10].switch).toBe(SWITCH_NORMAL);
    expect(seen[10].analog).toBeLessThan(60);
    expect(seen[80].analog).toBeGreaterThan(seen[30].analog + 20);
    expect(seen[98]).toMatchObject({ switch: SWITCH_FAULT });
    expect(seen[98].analog).toBeGreaterThan(100);
  });

  it('a fleet draw degrades about the share asked for, each with its fault inside the run', () => {
    const opts = { seed: 9, channels: 9, degradedShare: 0.05, days: 30, faultFromDay: 10 };
    const profiles = Array.from({ length: 400 }, (_, b) => Array.from({ length: 9 }, (_, c) => fleetProfile(opts, b, c + 1))).flat();
    const degraded = profiles.filter((p) => p.kind !== 'healthy');
    expect(degraded.length / profiles.length).toBeGreaterThan(0.035);
    expect(degraded.length / profiles.length).toBeLessThan(0.065);
    for (const p of degraded) {
      expect(p.faultHour).toBeGreaterThanOrEqual(10 * 24);
      expect(p.faultHour).toBeLessThan(30 * 24);
      expect(p.onsetHour).toBeLessThan(p.faultHour);
    }
  });
});
