-- One model of equipment state (docs/invariants.md "Equipment state"): an equipment's state follows
-- from facts, never from whoever wrote last. The rule lives here once, as a function, so the server
-- (src/server/modules/operations/equipment-state.ts), the seeds and this migration all apply the same
-- one. In order of precedence:
--   broken       an open warning names it, or a channel wired to it reads faulty (a "not fixed"
--                deal leaves the channel faulty, so the unit stays broken until it reads normal);
--   offline      a board it is wired to is offline (its channels tell nothing since last seen);
--   maintenance  a maintenance order on it is open (submitted, accepted or repairing);
--   normal       none of these.
CREATE FUNCTION fall_eq_state(eq integer) RETURNS varchar LANGUAGE sql STABLE AS $$
  SELECT (CASE
    WHEN EXISTS (SELECT 1 FROM fall_warning w WHERE w.equipment_id = eq AND w.result IS NULL)
      OR EXISTS (SELECT 1 FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
                  WHERE c.equipment_id = eq AND c.result = 'fault' AND d.archived_at IS NULL) THEN 'broken'
    -- An archived board (0015) is out of service: its silence and its last readings say nothing.
    WHEN EXISTS (SELECT 1 FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
                  WHERE c.equipment_id = eq AND NOT d.online AND d.archived_at IS NULL) THEN 'offline'
    WHEN EXISTS (SELECT 1 FROM fall_order o WHERE o.equipment_id = eq AND o.status IN ('submitted', 'accepted', 'repairing')) THEN 'maintenance'
    ELSE 'normal'
  END)::varchar
$$;

-- The rule asks for open warnings by equipment on every write that moves a fact.
CREATE INDEX fall_warning_equipment_open_idx ON fall_warning(equipment_id) WHERE result IS NULL AND equipment_id IS NOT NULL;
CREATE INDEX fall_warning_order_open_idx ON fall_warning(order_id) WHERE result IS NULL AND order_id IS NOT NULL;

-- Data written before the rule existed follows it from now on.
UPDATE fall_eq_info e SET state = x.state, state_since = now()
  FROM (SELECT id, fall_eq_state(id) AS state FROM fall_eq_info) x
 WHERE x.id = e.id AND e.state IS DISTINCT FROM x.state;
