-- The repair rollup of 0008, recomputed in one pass: stats_rebuild().
--
-- The statement triggers of 0008 keep the rollup right for every write, but each statement also
-- re-reads the orders on the same equipment for the 30-day repeat flag. A bulk load (seed:large) that
-- drops the order indexes to load a million rows made each of those reads a full scan, and the load
-- took hours instead of minutes. Bulk loads therefore switch the four statistics triggers off, load,
-- rebuild the indexes, call stats_rebuild() and switch them on again (src/server/db/seed/seed-sql.ts,
-- withoutStatsTriggers; a killed load is repaired by the next one). The body is the backfill of 0008.
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE fall_order IN SHARE MODE;
  LOCK TABLE stats_order_fact, stats_order_period IN ACCESS EXCLUSIVE MODE;
  TRUNCATE stats_order_fact, stats_order_period;

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

  UPDATE stats_order_period t SET c0 = h.c0, c1 = h.c1, c2 = h.c2, c3 = h.c3
    FROM (SELECT b.grain, b.start,
                 stats_hist_of(array_agg(b.bin) FILTER (WHERE b.prio = 0), array_agg(b.n) FILTER (WHERE b.prio = 0)) AS c0,
                 stats_hist_of(array_agg(b.bin) FILTER (WHERE b.prio = 1), array_agg(b.n) FILTER (WHERE b.prio = 1)) AS c1,
                 stats_hist_of(array_agg(b.bin) FILTER (WHERE b.prio = 2), array_agg(b.n) FILTER (WHERE b.prio = 2)) AS c2,
                 stats_hist_of(array_agg(b.bin) FILTER (WHERE b.prio = 3), array_agg(b.n) FILTER (WHERE b.prio = 3)) AS c3
            FROM (SELECT g.grain, g.start, f.prio, f.bin, count(*) AS n
                    FROM stats_order_fact f
                   CROSS JOIN LATERAL (VALUES
                     ('d', (f.completed_at AT TIME ZONE 'UTC')::date),
                     ('w', date_trunc('week', f.completed_at AT TIME ZONE 'UTC')::date),
                     ('m', date_trunc('month', f.completed_at AT TIME ZONE 'UTC')::date)) g(grain, start)
                   GROUP BY 1, 2, 3, 4) b
           GROUP BY 1, 2) h
   WHERE t.grain = h.grain AND t.start = h.start;
END $$;
