import type { Database } from '../../../db/client';
import type { RiskKind, RiskStatus } from '@shared/contracts/risk';

export interface RiskFixture {
  detectId: number;
  ch: number;
  projectId: number;
  equipmentId?: number | null;
  kind?: RiskKind;
  status?: RiskStatus;
  reasonKey?: string;
  reasonParams?: Record<string, number | string>;
  projectedAt?: Date | null;
  detectedAt?: Date;
  orderId?: number | null;
}

/**
 * A finding as the predictive detector writes it (fall_channel_risk), for tests: a drift with a
 * projected crossing unless told otherwise. (The demo's findings are the detector's own: demo-risks.ts.)
 */
export async function insertRisk(database: Database, f: RiskFixture): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO fall_channel_risk (detect_id, ch, project_id, equipment_id, kind, status, reason_key, reason_params, score, projected_at, detected_at, order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 1.6, $9, $10, $11) RETURNING id`,
    [
      f.detectId,
      f.ch,
      f.projectId,
      f.equipmentId ?? null,
      f.kind ?? 'drift',
      f.status ?? 'open',
      f.reasonKey ?? 'text.risk.drift',
      JSON.stringify(f.reasonParams ?? { pct: '+18', days: 7, etaDays: 3 }),
      f.projectedAt === undefined ? new Date(Date.now() + 3 * 86_400_000).toISOString() : f.projectedAt?.toISOString() ?? null,
      (f.detectedAt ?? new Date()).toISOString(),
      f.orderId ?? null,
    ],
  );
  return Number(row.id);
}

/** A preventive order on a unit, as the detector opens it (fall_order.source = 'preventive'). */
export async function insertPreventiveOrder(database: Database, projectId: number, equipmentId: number | null, number: string, at = new Date(), status = 'submitted'): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO fall_order (name, number, project_id, equipment_id, source, status, submitted_at) VALUES ($1, $1, $2, $3, 'preventive', $4, $5) RETURNING id`,
    [number, projectId, equipmentId, status, at.toISOString()],
  );
  return Number(row.id);
}
