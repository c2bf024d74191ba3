-- 0064_order_confirmation.sql: a repair confirmed by the readings (issue 39, docs/maintenance.md
-- "Confirmation by the readings"). An order raised from a channel is not completed by its "fixed"
-- report: it waits in the new status `confirming` until its channels have read normal for
-- `orders.confirmMinutes` (fall_order.confirming_since is when that run began; the device jobs'
-- sweep completes it, or sends it back to repairing when the fault returns; the status index of
-- 0002 finds them).
ALTER TABLE "fall_order" ADD COLUMN "confirming_since" timestamp with time zone;

-- The order counts (0004) are kept per status by generic triggers: a `confirming` row is counted
-- like any other status, so fall_order_count_* need no change.

-- The equipment-state rule (0016) again, with `confirming` among the open statuses: a repair not yet
-- confirmed by the readings keeps its unit in maintenance (docs/invariants.md "Equipment state").
CREATE OR REPLACE FUNCTION fall_eq_state(eq integer) RETURNS varchar LANGUAGE sql STABLE AS $$
  SELECT (CASE
    WHEN EXISTS (SELECT 1 FROM fall_warning w WHERE w.equipment_id = eq AND w.result IS NULL)
      OR EXISTS (SELECT 1 FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
                  WHERE c.equipment_id = eq AND c.result = 'fault' AND d.archived_at IS NULL) THEN 'broken'
    WHEN EXISTS (SELECT 1 FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
                  WHERE c.equipment_id = eq AND NOT d.online AND d.archived_at IS NULL) THEN 'offline'
    WHEN EXISTS (SELECT 1 FROM fall_order o WHERE o.equipment_id = eq AND o.status IN ('submitted', 'accepted', 'repairing', 'confirming')) THEN 'maintenance'
    ELSE 'normal'
  END)::varchar
$$;

-- The setting and the status's dictionary row for installations seeded before (an empty database gets
-- both from the base seed, src/shared/dictionaries.ts ORDER_STATUS): after "repairing", before "completed".
INSERT INTO sys_config (key, value, type, remark) VALUES
  ('orders.confirmMinutes', '10', 'number', '[[setting.orders.confirmMinutes]]')
ON CONFLICT (key) DO NOTHING;
UPDATE sys_dictionary SET sort = sort + 1
 WHERE type = 'order_status' AND value IN ('completed', 'closed')
   AND NOT EXISTS (SELECT 1 FROM sys_dictionary WHERE type = 'order_status' AND value = 'confirming');
INSERT INTO sys_dictionary (type, label, label_en, value, color, sort)
SELECT 'order_status', '待确认', 'Awaiting confirmation', 'confirming', 'primary',
       coalesce((SELECT sort FROM sys_dictionary WHERE type = 'order_status' AND value = 'repairing'), 3) + 1
 WHERE EXISTS (SELECT 1 FROM sys_dict_type WHERE type = 'order_status')
ON CONFLICT (type, value) DO NOTHING;
