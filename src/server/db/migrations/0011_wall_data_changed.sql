-- The overview wall's first frame is kept drawn on every instance, per language
-- (src/server/modules/wall/frame-cache.ts). A statement that changes what the overview shows says so
-- on the channel cascade_wall_data; PostgreSQL delivers a NOTIFY once its transaction commits (so the
-- next drawing sees the change) and once per transaction however many statements raised it.
-- Statement triggers look at their transition table: a statement that touched no row (the board's
-- "back online" update on every reading, mostly) is no change.
CREATE FUNCTION wall_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cascade_wall_data', '');
  RETURN NULL;
END $$;

CREATE FUNCTION wall_data_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM touched) THEN
    PERFORM pg_notify('cascade_wall_data', '');
  END IF;
  RETURN NULL;
END $$;

-- What the overview's calls read (stats, projects, warnings, notices, dictionaries, settings).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['fall_project', 'fall_device', 'fall_eq_info', 'fall_order', 'fall_warning',
                           'stats_order_fact', 'stats_order_period', 'stats_eq_count',
                           'sys_content', 'sys_config', 'sys_dict_type', 'sys_dictionary'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS touched
                      FOR EACH STATEMENT EXECUTE FUNCTION wall_data_changed_rows()', t || '_wall_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS touched
                      FOR EACH STATEMENT EXECUTE FUNCTION wall_data_changed_rows()', t || '_wall_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS touched
                      FOR EACH STATEMENT EXECUTE FUNCTION wall_data_changed_rows()', t || '_wall_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION wall_data_changed()', t || '_wall_trunc', t);
  END LOOP;
END $$;

-- A board's name shows in the warnings list; its last-seen time, written on every reading, does not.
CREATE TRIGGER fall_detect_wall_name AFTER UPDATE OF board_name ON fall_detect
  FOR EACH ROW WHEN (OLD.board_name IS DISTINCT FROM NEW.board_name) EXECUTE FUNCTION wall_data_changed();
