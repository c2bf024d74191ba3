-- The repair rollup of 0008, recomputed in one pass: stats_rebuild().
--
-- The statement triggers of 0008 keep the rollup right for every write, but each statement also
-- re-reads the orders on the same equipment for the 30-day repeat flag. A bulk load (seed:large) that
-- drops the order indexes to load a million rows made each of those reads a full scan, and the load
-- took hours instead of minutes. Bulk loads therefore switch the three row-writing statistics
-- triggers off, load, rebuild the indexes, call stats_rebuild() and switch them on again
-- (src/server/db/seed/seed-sql.ts, withoutStatsTriggers; a killed load is repaired by the next one).
--
-- The rebuild is the insert trigger applied to every order at once, through the same functions:
-- the submitted counts, then the facts of the completed orders added to their day, week and month.
-- So it cannot drift from what the triggers keep.
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  subs timestamptz[];
BEGIN
  LOCK TABLE fall_order IN SHARE MODE;
  LOCK TABLE stats_order_fact, stats_order_period IN ACCESS EXCLUSIVE MODE;
  TRUNCATE stats_order_fact, stats_order_period;
  SELECT array_agg(submitted_at) INTO subs FROM fall_order;
  IF subs IS NULL THEN RETURN; END IF;
  PERFORM stats_bump_submitted(subs, array_fill(1, ARRAY[cardinality(subs)]));
  PERFORM stats_apply_facts(
    'INSERT INTO stats_order_fact SELECT * FROM stats_order_facts_of(array(SELECT id FROM fall_order WHERE completed_at IS NOT NULL)) RETURNING *',
    1, NULL);
END $$;
