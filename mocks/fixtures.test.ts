import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { equipmentRowSchema } from '@shared/contracts/equipment';
import { fixtureOf } from './fixtures';

const now = '2026-01-15T08:00:00.000Z';
const unit = { id: 9, name: 'P-09', nameEn: '', serial: 'S-9', state: 'normal', stateSince: now, projectId: 1, projectName: '西湖', projectNameEn: 'West Lake', deviceId: 1, deviceName: '泵', category: 'pump', posX: 0.1, posY: 0.2, createdAt: now, outOfServiceReason: '', outOfServiceBy: '' } as const;

describe('fixtures built from the row contracts', () => {
  it('makes every nullable field the fixture leaves out null, and keeps what it names', () => {
    const row = fixtureOf(equipmentRowSchema, { ...unit, warrantyEnd: '2027-01-31' });
    expect(row).toMatchObject({ handbook: null, archivedAt: null, archivedBy: null, warrantyEnd: '2027-01-31', name: 'P-09' });
    expect(equipmentRowSchema.safeParse(row).success).toBe(true);
  });

  it('refuses a fixture the contract refuses, and a required field left out fails the typecheck', () => {
    expect(() => fixtureOf(equipmentRowSchema, { ...unit, createdAt: 'yesterday' })).toThrow();
    const { name: _name, ...nameless } = unit;
    // @ts-expect-error name is required by the row contract
    expect(() => fixtureOf(equipmentRowSchema, nameless)).toThrow();
  });

  it('takes a contract that gained an optional or a nullable field without a change to the fixture', () => {
    const grown = equipmentRowSchema.extend({ note: z.string().optional(), inspectedAt: z.string().nullable() });
    expect(fixtureOf(grown, unit)).toMatchObject({ name: 'P-09', inspectedAt: null });
    expect(fixtureOf(grown, unit)).not.toHaveProperty('note', expect.anything());
  });
});
