-- Big-screen statistics (docs/domain.md §4) at a million orders: every repair speed and quality figure is
-- computed over the orders completed in a period, so completed orders get a partial index on
-- completed_at that carries every column those figures read (index-only scans), and one per project
-- for the project walls. The 30-day repeat check probes fall_order_equipment_idx of 0002.
CREATE INDEX fall_order_completed_stats_idx ON fall_order(completed_at)
  INCLUDE (submitted_at, priority, report_count, equipment_id, project_id) WHERE completed_at IS NOT NULL;
CREATE INDEX fall_order_project_completed_idx ON fall_order(project_id, completed_at)
  INCLUDE (submitted_at, priority, report_count, equipment_id) WHERE completed_at IS NOT NULL;
