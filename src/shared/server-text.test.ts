import { describe, expect, it } from 'vitest';
import { formatMessage, isUnchangedRendering, renderDeep, renderText, serverText } from './server-text';

describe('server text stored as [[key]]{params}', () => {
  const stored = serverText('text.switchFault', { board: '1# 检测板', boardEn: 'Board 1', ch: 3, label: '' });

  it('renders in either language, with the English variant of a name in English', () => {
    expect(renderText(stored, 'cn')).toBe('1# 检测板 CH3：开关量故障（1）');
    expect(renderText(stored, 'en')).toBe('Board 1 CH3: switch fault (1)');
  });

  it('falls back to the name itself when the English variant is empty, and renders nested messages', () => {
    const s = serverText('text.seedFaultPast', { board: 'Pump room', boardEn: '', ch: 2, equipment: '[[text.noEquipment]]' });
    expect(renderText(s, 'en')).toBe('Pump room CH2 fault: no equipment switch contact closed');
    expect(renderText(s, 'cn')).toBe('Pump room CH2 故障：未接设备 开关量闭合');
  });

  it('leaves plain text, unknown keys and broken parameters alone', () => {
    expect(renderText('Replaced relay', 'en')).toBe('Replaced relay');
    expect(renderText('[[no.such.key]]', 'en')).toBe('[[no.such.key]]');
    expect(renderText('[[text.offline]]{oops', 'en')).toBe('[[text.offline]]{oops');
  });

  it('keeps a placeholder no parameter fills', () => {
    expect(formatMessage('setting.wall.tileUrl', {}, 'en')).toContain('{z}/{x}/{y}');
  });

  it('renders inside response bodies without touching other values', () => {
    const at = new Date();
    const body = { code: 0, data: { list: [{ id: 1, info: stored, at, n: 2 }], total: 1 } };
    const out = renderDeep(body, 'en');
    expect(out.data.list[0]).toEqual({ id: 1, info: 'Board 1 CH3: switch fault (1)', at, n: 2 });
    expect(body.data.list[0].info).toBe(stored);
    const plain = { a: ['x', { b: 'y' }] };
    expect(renderDeep(plain, 'cn')).toBe(plain);
  });

  it('recognises a stored message sent back as shown', () => {
    expect(isUnchangedRendering(stored, 'Board 1 CH3: switch fault (1)', 'en')).toBe(true);
    expect(isUnchangedRendering(stored, 'Board 1 CH3: pump replaced', 'en')).toBe(false);
    expect(isUnchangedRendering('plain', 'plain', 'en')).toBe(false);
  });
});
