-- Order and report times a control room can trust (docs/invariants.md).
--
-- A report could be completed before its order was submitted, and one day of the repair-speed chart
-- averaged -107.68 h. The server now refuses such writes (operations/orders/work-times.ts, called by
-- the routes, the device loop and checked against the seeds); this migration is the last line for
-- writes that bypass it, and deals with the rows already stored:
--  - work_time_issues() lists every stored order and report that breaks a time rule, with the
--    message key of the rule (the same keys the API answers with);
--  - those rows get that key in a new data_issue column: they stay listed and visible, never
--    silently counted. The statistics leave flagged orders out of every completion figure (they
--    still count as submitted), the rollup of 0008 included, so stats_rebuild() agrees with it;
--  - CHECK constraints and triggers refuse new bad rows unless they are flagged.
-- Writing a valid completion (a new "fixed" report, a corrected submission time) clears the flag.

ALTER TABLE fall_order ADD COLUMN data_issue varchar(48);
ALTER TABLE fall_report ADD COLUMN data_issue varchar(48);

-- Every stored row that breaks a rule. `skew` is the clock skew allowed for "not in the future"
-- (setting orders.clockSkewMinutes, 5 by default).
CREATE FUNCTION work_time_issues(skew interval DEFAULT interval '5 minutes')
RETURNS TABLE (kind text, id integer, rule text) LANGUAGE sql STABLE AS $$
  SELECT 'order', o.id, x.rule FROM fall_order o CROSS JOIN LATERAL (VALUES
      (CASE WHEN o.completed_at < o.submitted_at THEN 'v.completedBeforeSubmission' END),
      (CASE WHEN o.submitted_at > now() + skew THEN 'v.submittedInFuture' END),
      (CASE WHEN o.completed_at > now() + skew THEN 'v.completedInFuture' END)) x(rule)
   WHERE x.rule IS NOT NULL
  UNION ALL
  SELECT 'report', r.id, x.rule FROM fall_report r JOIN fall_order o ON o.id = r.order_id CROSS JOIN LATERAL (VALUES
      (CASE WHEN r.repair_at < o.submitted_at THEN 'v.repairBeforeSubmission' END),
      (CASE WHEN r.completed_at < o.submitted_at THEN 'v.completedBeforeSubmission' END),
      (CASE WHEN r.completed_at < r.repair_at THEN 'v.completedBeforeRepair' END),
      (CASE WHEN r.duration_hours < 0 THEN 'v.durationNegative' END),
      (CASE WHEN r.completed_at IS NOT NULL AND r.duration_hours * interval '1 hour' > r.completed_at - r.repair_at + skew THEN 'v.durationTooLong' END),
      (CASE WHEN r.repair_at > now() + skew THEN 'v.repairInFuture' END),
      (CASE WHEN r.completed_at > now() + skew THEN 'v.completedInFuture' END),
      (CASE WHEN o.closed_at IS NOT NULL AND r.created_at > o.closed_at + skew THEN 'err.orderClosed' END)) x(rule)
   WHERE x.rule IS NOT NULL
$$;

-- The statistics leave flagged orders out: their facts are not computed (so neither the triggers nor
-- stats_rebuild() add them), and a change of the flag refreshes the order's facts.
CREATE OR REPLACE FUNCTION stats_order_facts_of(ids integer[]) RETURNS SETOF stats_order_fact LANGUAGE sql STABLE AS $$
  SELECT o.id, o.project_id, o.completed_at, x.us, stats_hours_bin(x.us), o.priority_rank,
         o.report_count = 1, o.equipment_id IS NOT NULL,
         o.equipment_id IS NOT NULL AND EXISTS (
           SELECT 1 FROM fall_order r
            WHERE r.equipment_id = o.equipment_id AND r.id <> o.id
              AND r.submitted_at > o.completed_at AND r.submitted_at <= o.completed_at + interval '30 days')
    FROM fall_order o
   CROSS JOIN LATERAL (SELECT ((extract(epoch FROM o.completed_at) - extract(epoch FROM o.submitted_at)) * 1000000)::bigint AS us) x
   WHERE o.id = ANY(ids) AND o.completed_at IS NOT NULL AND o.data_issue IS NULL
$$;

CREATE OR REPLACE FUNCTION stats_order_upd() RETURNS trigger LANGUAGE plpgsql AS $$
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
        OR o.data_issue IS DISTINCT FROM n.data_issue
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

-- Flag what is stored (the update trigger above takes the flagged orders out of the rollup). An
-- order and a report keep the first rule they break, in the order work_time_issues lists them.
UPDATE fall_order o SET data_issue = i.rule
  FROM (SELECT DISTINCT ON (id) id, rule FROM work_time_issues() WHERE kind = 'order' ORDER BY id) i
 WHERE o.id = i.id;
UPDATE fall_report r SET data_issue = i.rule
  FROM (SELECT DISTINCT ON (id) id, rule FROM work_time_issues() WHERE kind = 'report' ORDER BY id) i
 WHERE r.id = i.id;
CREATE INDEX fall_order_data_issue_idx ON fall_order(id) WHERE data_issue IS NOT NULL;
CREATE INDEX fall_report_data_issue_idx ON fall_report(id) WHERE data_issue IS NOT NULL;

-- The rules a row can be checked on alone. "Not in the future" stays with the server (it depends on
-- the clock and a setting, and a row true today must stay valid tomorrow).
ALTER TABLE fall_order ADD CONSTRAINT fall_order_completed_after_submitted
  CHECK (data_issue IS NOT NULL OR completed_at IS NULL OR completed_at >= submitted_at);
ALTER TABLE fall_report ADD CONSTRAINT fall_report_times
  CHECK (data_issue IS NOT NULL OR (duration_hours >= 0 AND (completed_at IS NULL OR completed_at >= repair_at)));

-- The rules that need the order: a report is not before its order's submission, and a closed order
-- takes no new report (a seed may load a closed order's history: reports made before the close).
-- Statement triggers, so a bulk load checks with one join.
CREATE FUNCTION work_report_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad text;
BEGIN
  SELECT CASE WHEN r.repair_at < o.submitted_at THEN 'v.repairBeforeSubmission'
              WHEN r.completed_at < o.submitted_at THEN 'v.completedBeforeSubmission'
              ELSE 'err.orderClosed' END INTO bad
    FROM new_rows r JOIN fall_order o ON o.id = r.order_id
   WHERE r.data_issue IS NULL
     AND (r.repair_at < o.submitted_at OR r.completed_at < o.submitted_at
          OR (TG_OP = 'INSERT' AND o.status = 'closed' AND (o.closed_at IS NULL OR r.created_at > o.closed_at)))
   LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION '%', bad USING ERRCODE = 'check_violation', CONSTRAINT = 'fall_report_after_submission';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER work_report_ins AFTER INSERT ON fall_report
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_report_check();
CREATE TRIGGER work_report_upd AFTER UPDATE ON fall_report
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_report_check();

-- Moving an order's submission later than its reports breaks the same rule from the other side.
CREATE FUNCTION work_order_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN fall_report r ON r.order_id = n.id
     WHERE n.submitted_at > o.submitted_at AND n.data_issue IS NULL AND r.data_issue IS NULL
       AND (r.repair_at < n.submitted_at OR r.completed_at < n.submitted_at)) THEN
    RAISE EXCEPTION 'v.submittedAfterWork' USING ERRCODE = 'check_violation', CONSTRAINT = 'fall_report_after_submission';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER work_order_check AFTER UPDATE ON fall_order
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_check();
