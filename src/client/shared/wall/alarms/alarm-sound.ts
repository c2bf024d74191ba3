import type { AlarmSound } from '@shared/alarm';

/**
 * The alarm tones, synthesised with WebAudio (nothing to download or host): each level's sound is a
 * setting (alarm.sounds) naming one of these. Browsers keep audio locked until a person interacts
 * with the page once; a kiosk wall asks for that one click at start (AudioUnlock), a wall opened
 * from the back-office is usually unlocked already by the click that opened it. A kiosk browser
 * started with --autoplay-policy=no-user-gesture-required never asks.
 */
export type AudioState = 'running' | 'locked' | 'unsupported' | 'pending';

type Ctor = typeof AudioContext;
let context: AudioContext | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function ctor(): Ctor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: Ctor; webkitAudioContext?: Ctor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

function audio(): AudioContext | null {
  if (context) return context;
  const C = ctor();
  if (!C) return null;
  try {
    context = new C();
  } catch {
    return null;
  }
  context.onstatechange = notify;
  return context;
}

/** The audio's state without starting it: 'pending' until startAudio (or a sound, or the unlock) has. */
export function audioState(): AudioState {
  if (!context) return ctor() ? 'pending' : 'unsupported';
  return context.state === 'running' ? 'running' : 'locked';
}

/**
 * Starts the audio context, which tells whether audio is locked. Not while a wall first renders: it
 * took 50 ms of the main thread there (the wall starts it once it is on screen).
 */
export function startAudio(): void {
  audio();
  notify();
}

export function subscribeAudio(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call from a click: resumes the audio context (the one gesture browsers ask for). */
export async function unlockAudio(): Promise<AudioState> {
  const ctx = audio();
  if (!ctx) return 'unsupported';
  try {
    await ctx.resume();
  } catch {
    // Still locked: the overlay stays and the next click tries again.
  }
  notify();
  return audioState();
}

/** Forgets the context (tests). */
export function resetAudio(): void {
  void context?.close?.();
  context = null;
  notify();
}

/** One note: an oscillator through a gain envelope (short attack and release, so it never clicks). */
function note(ctx: AudioContext, type: OscillatorType, from: number, to: number, start: number, length: number, volume = 0.25): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, start);
  if (to !== from) osc.frequency.linearRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(volume, start + 0.02);
  gain.gain.setValueAtTime(volume, start + length - 0.05);
  gain.gain.linearRampToValueAtTime(0, start + length);
  osc.connect(gain);
  gain.connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** How often a sound repeats while its alarm is unacknowledged (ms). */
export const SOUND_REPEAT_MS: Record<AlarmSound, number> = { none: 0, beep: 4000, chime: 3000, siren: 2000 };

/** Plays a sound once; false when it could not (none, audio locked or missing). */
export function playSound(sound: AlarmSound): boolean {
  if (sound === 'none') return false;
  const ctx = audio();
  if (!ctx || ctx.state !== 'running') return false;
  const t = ctx.currentTime + 0.01;
  if (sound === 'beep') note(ctx, 'square', 880, 880, t, 0.25, 0.12);
  else if (sound === 'chime') {
    note(ctx, 'sine', 659, 659, t, 0.35);
    note(ctx, 'sine', 880, 880, t + 0.3, 0.5);
  } else {
    note(ctx, 'sawtooth', 600, 1200, t, 0.6, 0.15);
    note(ctx, 'sawtooth', 1200, 600, t + 0.6, 0.6, 0.15);
  }
  return true;
}
