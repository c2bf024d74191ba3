-- Maintenance orders at a million rows (lists under 100 ms, docs/operations-work.md): every list sort has an index whose order matches
-- the ORDER BY exactly (with id as the tiebreak), keyword search is a prefix search that an index
-- can serve (no trigram in PGlite), and the unfiltered / status-only totals come from a counter
-- kept by statement-level triggers instead of count(*) over the table.

-- Priority sorts by urgency, not alphabetically.
ALTER TABLE fall_order ADD COLUMN priority_rank smallint GENERATED ALWAYS AS (
  CASE priority WHEN 'low' THEN 0 WHEN 'normal' THEN 1 WHEN 'high' THEN 2 WHEN 'urgent' THEN 3 ELSE 1 END
) STORED;

CREATE INDEX fall_order_status_sort_idx ON fall_order(status, submitted_at, id);
CREATE INDEX fall_order_priority_sort_idx ON fall_order(priority_rank, submitted_at, id);
-- LIKE 'prefix%' on number (keyword, and the per-day sequence of new numbers) and on lower(name).
CREATE INDEX fall_order_number_prefix_idx ON fall_order(number text_pattern_ops);
CREATE INDEX fall_order_name_prefix_idx ON fall_order(lower(name) text_pattern_ops);
CREATE INDEX fall_order_warning_idx ON fall_order(warning_id) WHERE warning_id IS NOT NULL;

CREATE TABLE fall_order_count (
  status varchar(16) PRIMARY KEY,
  n      bigint NOT NULL DEFAULT 0
);
INSERT INTO fall_order_count(status, n) SELECT status, count(*) FROM fall_order GROUP BY status;

-- Rows are applied in status order so two writers never lock the counter rows in opposite orders.
CREATE FUNCTION fall_order_count_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fall_order_count(status, n)
    SELECT status, count(*) FROM new_rows GROUP BY status ORDER BY status
  ON CONFLICT (status) DO UPDATE SET n = fall_order_count.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION fall_order_count_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fall_order_count c SET n = c.n - d.n
    FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) d
   WHERE c.status = d.status;
  RETURN NULL;
END $$;

CREATE FUNCTION fall_order_count_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fall_order_count(status, n)
    SELECT status, sum(delta) FROM (
      SELECT status, -1 AS delta FROM old_rows
      UNION ALL
      SELECT status, 1 AS delta FROM new_rows
    ) d GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
  ON CONFLICT (status) DO UPDATE SET n = fall_order_count.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION fall_order_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fall_order_count SET n = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER fall_order_count_ins AFTER INSERT ON fall_order
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fall_order_count_ins();
CREATE TRIGGER fall_order_count_del AFTER DELETE ON fall_order
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fall_order_count_del();
CREATE TRIGGER fall_order_count_upd AFTER UPDATE ON fall_order
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fall_order_count_upd();
CREATE TRIGGER fall_order_count_truncate AFTER TRUNCATE ON fall_order
  FOR EACH STATEMENT EXECUTE FUNCTION fall_order_count_truncate();
