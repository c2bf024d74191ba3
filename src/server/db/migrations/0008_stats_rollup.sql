-- Wall statistics at a million orders in under 100 ms (the wall's budget; docs/domain.md §4), exactly.
--
-- Every repair figure is computed over the orders completed in a period, so each completed order
-- keeps one row of facts (stats_order_fact: microseconds to completion, histogram bin, priority,
-- first-time fix, with equipment, 30-day repeat), and the facts are summed per UTC day, ISO week and
-- month in stats_order_period: counts, sums, and per priority a cumulative histogram (how many orders
-- took up to the end of each hours bin). A chart period that a whole week or month row covers reads
-- that one row; a period clipped by the query range sums its day rows.
--
-- Percentiles stay exact: a binary search over the cumulative histogram of the period (stats_probe)
-- says which bin holds the k-th value and how many smaller values precede it, and the k-th value itself is read from the facts of that one bin
-- (index on bin, completed_at), never by sorting the period. On-time stays exact for any SLA hours set
-- at runtime: whole bins below the threshold come from the histogram, and the bin the threshold falls
-- inside is counted from the facts (the bins end on quarter hours, whole hours and whole days, so the
-- usual SLA values end a bin and need no lookup).
--
-- Statement-level triggers on fall_order keep all of it in the same transaction as every write
-- (orders, reports through report_count, the warning → order path, seeds, cascades from projects and
-- equipment). A write also refreshes the earlier orders on the same equipment whose 30-day repeat
-- flag it can change. Equipment per project, device and state is counted the same way.

-- Writers wait while the existing rows are copied.
LOCK TABLE fall_order, fall_eq_info IN SHARE MODE;

-- Bins of hours to completion, upper edge included: quarter hours up to a day (1..96), hours up to a
-- week (97..240), days up to 13 weeks (241..324), then one open bin; 0 holds zero and negative spans.
CREATE FUNCTION stats_hours_bin(us bigint) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE
    WHEN us <= 0 THEN 0
    WHEN us <= 86400000000 THEN (us + 899999999) / 900000000
    WHEN us <= 604800000000 THEN 96 + (us - 86400000000 + 3599999999) / 3600000000
    WHEN us <= 7862400000000 THEN 240 + (us - 604800000000 + 86399999999) / 86400000000
    ELSE 325 END)::smallint
$$;

CREATE TABLE stats_order_fact (
  order_id     integer     PRIMARY KEY,
  project_id   integer     NOT NULL,
  completed_at timestamptz NOT NULL,
  us           bigint      NOT NULL,  -- microseconds from submission to completion
  bin          smallint    NOT NULL,  -- stats_hours_bin(us)
  prio         smallint    NOT NULL,  -- fall_order.priority_rank: 0 low, 1 normal (and unknown), 2 high, 3 urgent
  ftf          boolean     NOT NULL,  -- completed with one report
  with_eq      boolean     NOT NULL,
  rep          boolean     NOT NULL   -- another order on the same equipment within 30 days after completion
);
CREATE INDEX stats_order_fact_bin_idx ON stats_order_fact(bin, completed_at) INCLUDE (us, prio);
CREATE INDEX stats_order_fact_project_idx ON stats_order_fact(project_id, completed_at) INCLUDE (us, prio, ftf, with_eq, rep);

-- grain: d = UTC day, w = ISO week (start is its Monday), m = month (start is its first day).
-- c0..c3: per priority rank 0..3, element i = orders completed in the period whose span is in bins
-- 0..i-1 (always 326 elements, one per bin; NULL until the period has a completed order). Stored
-- uncompressed so reading one element costs no decompression.
CREATE TABLE stats_order_period (
  grain     char(1) NOT NULL,
  start     date    NOT NULL,
  submitted integer NOT NULL DEFAULT 0,  -- by submitted_at; every other column by completed_at
  completed integer NOT NULL DEFAULT 0,
  us_sum    bigint  NOT NULL DEFAULT 0,
  ftf       integer NOT NULL DEFAULT 0,
  with_eq   integer NOT NULL DEFAULT 0,
  rep       integer NOT NULL DEFAULT 0,
  c0        integer[],
  c1        integer[],
  c2        integer[],
  c3        integer[],
  PRIMARY KEY (grain, start)
);
ALTER TABLE stats_order_period ALTER COLUMN c0 SET STORAGE PLAIN, ALTER COLUMN c1 SET STORAGE PLAIN,
  ALTER COLUMN c2 SET STORAGE PLAIN, ALTER COLUMN c3 SET STORAGE PLAIN;

-- Element-wise sum of two histograms (NULL = empty).
CREATE FUNCTION stats_hist_add(a integer[], b integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a IS NULL THEN b WHEN b IS NULL THEN a
    ELSE (SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY u(x, y, i)) END
$$;

-- The cumulative histogram (326 elements) of (bin, count) pairs; all zeros without any pair.
CREATE FUNCTION stats_hist_of(bins smallint[], counts bigint[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(x.s ORDER BY x.i) FROM (
    SELECT i, (sum(coalesce(c.n, 0)) OVER (ORDER BY i))::int AS s
      FROM generate_series(0, 325) i
      LEFT JOIN (SELECT b, sum(n) AS n FROM unnest(bins, counts) u(b, n) GROUP BY b) c ON c.b = i) x
$$;

-- For chart period [lo, hi) read at grain g: the ranks percentile_cont reads for each fraction, the
-- bin holding each rank and how many values precede that bin (binary search over the summed cumulative
-- histograms), and the orders in the bins wholly within each priority's SLA (tb: the SLA's bin per
-- priority, al: whether the SLA ends that bin).
CREATE FUNCTION stats_probe(g char(1), lo date, hi date, fractions float8[], tb smallint[], al boolean[],
    OUT ranks bigint[], OUT bins smallint[], OUT befores bigint[], OUT on_time bigint) LANGUAGE plpgsql STABLE AS $$
DECLARE
  a0 integer[]; a1 integer[]; a2 integer[]; a3 integer[];
  nr integer; n bigint := 0; f float8; k bigint; l integer; h integer; m integer; s bigint; r integer; p integer; b integer;
BEGIN
  ranks := '{}'; bins := '{}'; befores := '{}'; on_time := 0;
  SELECT array_agg(t.c0), array_agg(t.c1), array_agg(t.c2), array_agg(t.c3) INTO a0, a1, a2, a3
    FROM stats_order_period t WHERE t.grain = g AND t.start >= lo AND t.start < hi AND t.c0 IS NOT NULL;
  nr := coalesce(array_length(a0, 1), 0);
  IF nr = 0 THEN RETURN; END IF;
  FOR r IN 1..nr LOOP n := n + a0[r][326] + a1[r][326] + a2[r][326] + a3[r][326]; END LOOP;
  IF n > 0 AND fractions IS NOT NULL THEN
    FOREACH f IN ARRAY fractions LOOP
      FOREACH k IN ARRAY ARRAY[floor(f * (n - 1))::bigint, ceil(f * (n - 1))::bigint] LOOP
        CONTINUE WHEN k = ANY(ranks);
        -- the first element whose running total exceeds k is the bin holding rank k (0-based)
        l := 1; h := 326;
        WHILE l < h LOOP
          m := (l + h) / 2; s := 0;
          FOR r IN 1..nr LOOP s := s + a0[r][m] + a1[r][m] + a2[r][m] + a3[r][m]; END LOOP;
          IF s > k THEN h := m; ELSE l := m + 1; END IF;
        END LOOP;
        s := 0;
        IF l > 1 THEN
          FOR r IN 1..nr LOOP s := s + a0[r][l - 1] + a1[r][l - 1] + a2[r][l - 1] + a3[r][l - 1]; END LOOP;
        END IF;
        ranks := ranks || k; bins := bins || (l - 1)::smallint; befores := befores || s;
      END LOOP;
    END LOOP;
  END IF;
  IF tb IS NOT NULL THEN
    FOR p IN 0..3 LOOP
      b := CASE WHEN al[p + 1] THEN tb[p + 1] ELSE tb[p + 1] - 1 END;  -- the last bin counted whole
      CONTINUE WHEN b < 0;
      FOR r IN 1..nr LOOP
        on_time := on_time + CASE p WHEN 0 THEN a0[r][b + 1] WHEN 1 THEN a1[r][b + 1] WHEN 2 THEN a2[r][b + 1] ELSE a3[r][b + 1] END;
      END LOOP;
    END LOOP;
  END IF;
END $$;

-- The facts of the completed orders among `ids`, computed from fall_order as it is now.
CREATE FUNCTION stats_order_facts_of(ids integer[]) RETURNS SETOF stats_order_fact LANGUAGE sql STABLE AS $$
  SELECT o.id, o.project_id, o.completed_at, x.us, stats_hours_bin(x.us), o.priority_rank,
         o.report_count = 1, o.equipment_id IS NOT NULL,
         o.equipment_id IS NOT NULL AND EXISTS (
           SELECT 1 FROM fall_order r
            WHERE r.equipment_id = o.equipment_id AND r.id <> o.id
              AND r.submitted_at > o.completed_at AND r.submitted_at <= o.completed_at + interval '30 days')
    FROM fall_order o
   CROSS JOIN LATERAL (SELECT ((extract(epoch FROM o.completed_at) - extract(epoch FROM o.submitted_at)) * 1000000)::bigint AS us) x
   WHERE o.id = ANY(ids) AND o.completed_at IS NOT NULL
$$;

-- Adds (sign 1) or removes (sign -1) the fact rows a data-modifying statement returns to the rows of
-- their day, week and month. Rows are applied in key order so two writers never lock the same summary
-- rows in opposite orders.
CREATE FUNCTION stats_apply_facts(source text, sign integer, ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH src AS (%1$s),
    g AS (SELECT g.grain, g.start, s.* FROM src s CROSS JOIN LATERAL (VALUES
            ('d', (s.completed_at AT TIME ZONE 'UTC')::date),
            ('w', date_trunc('week', s.completed_at AT TIME ZONE 'UTC')::date),
            ('m', date_trunc('month', s.completed_at AT TIME ZONE 'UTC')::date)) g(grain, start)),
    bins AS (SELECT grain, start, prio, bin, %2$s * count(*) AS n FROM g GROUP BY 1, 2, 3, 4),
    hist AS (SELECT grain, start,
                    stats_hist_of(array_agg(bin) FILTER (WHERE prio = 0), array_agg(n) FILTER (WHERE prio = 0)) AS c0,
                    stats_hist_of(array_agg(bin) FILTER (WHERE prio = 1), array_agg(n) FILTER (WHERE prio = 1)) AS c1,
                    stats_hist_of(array_agg(bin) FILTER (WHERE prio = 2), array_agg(n) FILTER (WHERE prio = 2)) AS c2,
                    stats_hist_of(array_agg(bin) FILTER (WHERE prio = 3), array_agg(n) FILTER (WHERE prio = 3)) AS c3
               FROM bins GROUP BY 1, 2),
    sums AS (SELECT grain, start, %2$s * count(*) AS completed, %2$s * sum(us) AS us_sum, %2$s * count(*) FILTER (WHERE ftf) AS ftf,
                    %2$s * count(*) FILTER (WHERE with_eq) AS with_eq, %2$s * count(*) FILTER (WHERE rep) AS rep
               FROM g GROUP BY 1, 2)
    INSERT INTO stats_order_period AS t (grain, start, completed, us_sum, ftf, with_eq, rep, c0, c1, c2, c3)
    SELECT s.grain, s.start, s.completed, s.us_sum, s.ftf, s.with_eq, s.rep, h.c0, h.c1, h.c2, h.c3
      FROM sums s JOIN hist h USING (grain, start) ORDER BY s.grain, s.start
    ON CONFLICT (grain, start) DO UPDATE SET completed = t.completed + EXCLUDED.completed, us_sum = t.us_sum + EXCLUDED.us_sum,
       ftf = t.ftf + EXCLUDED.ftf, with_eq = t.with_eq + EXCLUDED.with_eq, rep = t.rep + EXCLUDED.rep,
       c0 = stats_hist_add(t.c0, EXCLUDED.c0), c1 = stats_hist_add(t.c1, EXCLUDED.c1),
       c2 = stats_hist_add(t.c2, EXCLUDED.c2), c3 = stats_hist_add(t.c3, EXCLUDED.c3)
  $q$, source, sign) USING ids;
END $$;

-- Recomputes the facts of the changed orders `ids`, and of the completed orders whose repeat flag a
-- change can flip: those on equipment eqs[i] completed in the 30 days before subs[i] (one day wider,
-- so a daylight-saving hour in the session time zone cannot hide one; the flag itself is exact).
-- Writers of orders take turns here until they commit (they already queue on today's period rows):
-- two transactions refreshing the same earlier order would otherwise both remove its old facts and
-- both insert new ones. Each statement after the lock sees what the previous writer committed.
CREATE FUNCTION stats_orders_changed(ids integer[], eqs integer[], subs timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  todo integer[];
BEGIN
  LOCK TABLE stats_order_fact IN SHARE ROW EXCLUSIVE MODE;
  SELECT array_agg(DISTINCT id) INTO todo FROM (
    SELECT unnest(ids) AS id
    UNION ALL
    SELECT o.id FROM unnest(eqs, subs) c(eq, sub)
      JOIN fall_order o ON o.equipment_id = c.eq AND o.completed_at >= c.sub - interval '31 days' AND o.completed_at < c.sub
     WHERE c.eq IS NOT NULL
  ) x;
  IF todo IS NULL THEN RETURN; END IF;
  PERFORM stats_apply_facts('DELETE FROM stats_order_fact WHERE order_id = ANY($1) RETURNING *', -1, todo);
  PERFORM stats_apply_facts('INSERT INTO stats_order_fact SELECT * FROM stats_order_facts_of($1) RETURNING *', 1, todo);
END $$;

-- Orders submitted per day, week and month: +1 at each new submitted_at, -1 at each old one.
CREATE FUNCTION stats_bump_submitted(ats timestamptz[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_order_period AS t (grain, start, submitted)
  SELECT g.grain, g.start, sum(s.sign)
    FROM unnest(ats, signs) s(at, sign)
   CROSS JOIN LATERAL (VALUES
     ('d', (s.at AT TIME ZONE 'UTC')::date),
     ('w', date_trunc('week', s.at AT TIME ZONE 'UTC')::date),
     ('m', date_trunc('month', s.at AT TIME ZONE 'UTC')::date)) g(grain, start)
   GROUP BY g.grain, g.start HAVING sum(s.sign) <> 0 ORDER BY g.grain, g.start
  ON CONFLICT (grain, start) DO UPDATE SET submitted = t.submitted + EXCLUDED.submitted
$$;

CREATE FUNCTION stats_order_ins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[]; eqs integer[]; subs timestamptz[];
BEGIN
  SELECT array_agg(id), array_agg(equipment_id), array_agg(submitted_at) INTO ids, eqs, subs FROM new_rows;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM stats_bump_submitted(subs, array_fill(1, ARRAY[cardinality(subs)]));
  PERFORM stats_orders_changed(ids, eqs, subs);
  RETURN NULL;
END $$;

CREATE FUNCTION stats_order_del() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[]; eqs integer[]; subs timestamptz[];
BEGIN
  SELECT array_agg(id), array_agg(equipment_id), array_agg(submitted_at) INTO ids, eqs, subs FROM old_rows;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM stats_bump_submitted(subs, array_fill(-1, ARRAY[cardinality(subs)]));
  PERFORM stats_orders_changed(ids, eqs, subs);
  RETURN NULL;
END $$;

-- Only the columns the statistics read matter; status or note changes cost one join.
CREATE FUNCTION stats_order_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[]; eqs integer[]; subs timestamptz[]; ats timestamptz[]; signs integer[];
BEGIN
  WITH ch AS (
    SELECT o.id, o.equipment_id AS old_eq, n.equipment_id AS new_eq, o.submitted_at AS old_sub, n.submitted_at AS new_sub,
           (o.equipment_id IS DISTINCT FROM n.equipment_id OR o.submitted_at <> n.submitted_at) AS moved
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE o.equipment_id IS DISTINCT FROM n.equipment_id OR o.submitted_at <> n.submitted_at
        OR o.completed_at IS DISTINCT FROM n.completed_at OR o.priority <> n.priority
        OR o.report_count <> n.report_count OR o.project_id <> n.project_id
  )
  SELECT array_agg(id),
         array_agg(old_eq) FILTER (WHERE moved) || array_agg(new_eq) FILTER (WHERE moved),
         array_agg(old_sub) FILTER (WHERE moved) || array_agg(new_sub) FILTER (WHERE moved),
         array_agg(old_sub) FILTER (WHERE old_sub <> new_sub) || array_agg(new_sub) FILTER (WHERE old_sub <> new_sub),
         array_fill(-1, ARRAY[count(*) FILTER (WHERE old_sub <> new_sub)::int]) || array_fill(1, ARRAY[count(*) FILTER (WHERE old_sub <> new_sub)::int])
    INTO ids, eqs, subs, ats, signs FROM ch;
  IF ids IS NULL THEN RETURN NULL; END IF;
  IF cardinality(ats) > 0 THEN PERFORM stats_bump_submitted(ats, signs); END IF;
  PERFORM stats_orders_changed(ids, eqs, subs);
  RETURN NULL;
END $$;

CREATE FUNCTION stats_order_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_order_fact, stats_order_period;
  RETURN NULL;
END $$;

-- Backfill: facts, then day rows from the facts, then weeks and months from the days.
INSERT INTO stats_order_fact
SELECT o.id, o.project_id, o.completed_at, x.us, stats_hours_bin(x.us), o.priority_rank,
       o.report_count = 1, o.equipment_id IS NOT NULL,
       o.equipment_id IS NOT NULL AND EXISTS (
         SELECT 1 FROM fall_order r
          WHERE r.equipment_id = o.equipment_id AND r.id <> o.id
            AND r.submitted_at > o.completed_at AND r.submitted_at <= o.completed_at + interval '30 days')
  FROM fall_order o
 CROSS JOIN LATERAL (SELECT ((extract(epoch FROM o.completed_at) - extract(epoch FROM o.submitted_at)) * 1000000)::bigint AS us) x
 WHERE o.completed_at IS NOT NULL;

INSERT INTO stats_order_period(grain, start, submitted, completed, us_sum, ftf, with_eq, rep)
SELECT 'd', day, sum(submitted), sum(completed), sum(us_sum), sum(ftf), sum(with_eq), sum(rep) FROM (
  SELECT (submitted_at AT TIME ZONE 'UTC')::date AS day, count(*) AS submitted, 0 AS completed, 0 AS us_sum, 0 AS ftf, 0 AS with_eq, 0 AS rep
    FROM fall_order GROUP BY 1
  UNION ALL
  SELECT (completed_at AT TIME ZONE 'UTC')::date, 0, count(*), sum(us), count(*) FILTER (WHERE ftf), count(*) FILTER (WHERE with_eq), count(*) FILTER (WHERE rep)
    FROM stats_order_fact GROUP BY 1
) x GROUP BY day;
INSERT INTO stats_order_period(grain, start, submitted, completed, us_sum, ftf, with_eq, rep)
SELECT g.grain, g.start, sum(submitted), sum(completed), sum(us_sum), sum(ftf), sum(with_eq), sum(rep)
  FROM stats_order_period d
 CROSS JOIN LATERAL (VALUES ('w', date_trunc('week', d.start)::date), ('m', date_trunc('month', d.start)::date)) g(grain, start)
 WHERE d.grain = 'd' GROUP BY 1, 2;

CREATE TEMP TABLE stats_bins ON COMMIT DROP AS
SELECT 'd'::char(1) AS grain, (completed_at AT TIME ZONE 'UTC')::date AS start, prio, bin, count(*) AS n
  FROM stats_order_fact GROUP BY 1, 2, 3, 4;
INSERT INTO stats_bins
SELECT g.grain, g.start, d.prio, d.bin, sum(d.n)
  FROM stats_bins d
 CROSS JOIN LATERAL (VALUES ('w', date_trunc('week', d.start)::date), ('m', date_trunc('month', d.start)::date)) g(grain, start)
 GROUP BY 1, 2, 3, 4;
UPDATE stats_order_period t SET c0 = h.c0, c1 = h.c1, c2 = h.c2, c3 = h.c3
  FROM (SELECT grain, start,
               stats_hist_of(array_agg(bin) FILTER (WHERE prio = 0), array_agg(n) FILTER (WHERE prio = 0)) AS c0,
               stats_hist_of(array_agg(bin) FILTER (WHERE prio = 1), array_agg(n) FILTER (WHERE prio = 1)) AS c1,
               stats_hist_of(array_agg(bin) FILTER (WHERE prio = 2), array_agg(n) FILTER (WHERE prio = 2)) AS c2,
               stats_hist_of(array_agg(bin) FILTER (WHERE prio = 3), array_agg(n) FILTER (WHERE prio = 3)) AS c3
          FROM stats_bins GROUP BY 1, 2) h
 WHERE t.grain = h.grain AND t.start = h.start;

CREATE TRIGGER stats_order_ins AFTER INSERT ON fall_order
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_order_ins();
CREATE TRIGGER stats_order_del AFTER DELETE ON fall_order
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_order_del();
CREATE TRIGGER stats_order_upd AFTER UPDATE ON fall_order
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_order_upd();
CREATE TRIGGER stats_order_truncate AFTER TRUNCATE ON fall_order
  FOR EACH STATEMENT EXECUTE FUNCTION stats_order_truncate();

-- Equipment per project, device model and state; project 0 holds the totals of every project and
-- device 0 the units without a model, so the wall's groupDevice reads a few dozen rows.
CREATE TABLE stats_eq_count (
  project_id integer     NOT NULL,
  device_id  integer     NOT NULL,
  state      varchar(16) NOT NULL,
  n          integer     NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, device_id, state)
);

CREATE FUNCTION stats_bump_eq(projects integer[], devices integer[], states text[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_eq_count AS t (project_id, device_id, state, n)
  SELECT p.project_id, coalesce(s.device_id, 0), s.state, sum(s.sign)
    FROM unnest(projects, devices, states, signs) s(project_id, device_id, state, sign)
   CROSS JOIN LATERAL (VALUES (s.project_id), (0)) p(project_id)
   GROUP BY 1, 2, 3 HAVING sum(s.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (project_id, device_id, state) DO UPDATE SET n = t.n + EXCLUDED.n
$$;

CREATE FUNCTION stats_eq_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_bump_eq(array_agg(project_id), array_agg(device_id), array_agg(state::text), array_agg(1)) FROM new_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION stats_eq_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_bump_eq(array_agg(project_id), array_agg(device_id), array_agg(state::text), array_agg(-1)) FROM old_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION stats_eq_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_bump_eq(array_agg(x.project_id), array_agg(x.device_id), array_agg(x.state), array_agg(x.sign))
     FROM (SELECT o.project_id, o.device_id, o.state::text AS state, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.project_id, o.device_id, o.state) IS DISTINCT FROM (n.project_id, n.device_id, n.state)
           UNION ALL
           SELECT n.project_id, n.device_id, n.state::text, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.project_id, o.device_id, o.state) IS DISTINCT FROM (n.project_id, n.device_id, n.state)) x;
  RETURN NULL;
END $$;

CREATE FUNCTION stats_eq_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_eq_count;
  RETURN NULL;
END $$;

INSERT INTO stats_eq_count(project_id, device_id, state, n)
SELECT p.project_id, coalesce(e.device_id, 0), e.state, count(*)
  FROM fall_eq_info e CROSS JOIN LATERAL (VALUES (e.project_id), (0)) p(project_id)
 GROUP BY 1, 2, 3;

CREATE TRIGGER stats_eq_ins AFTER INSERT ON fall_eq_info
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_eq_ins();
CREATE TRIGGER stats_eq_del AFTER DELETE ON fall_eq_info
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_eq_del();
CREATE TRIGGER stats_eq_upd AFTER UPDATE ON fall_eq_info
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_eq_upd();
CREATE TRIGGER stats_eq_truncate AFTER TRUNCATE ON fall_eq_info
  FOR EACH STATEMENT EXECUTE FUNCTION stats_eq_truncate();
