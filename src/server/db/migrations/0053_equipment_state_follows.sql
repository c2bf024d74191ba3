-- The unit's state follows its facts on every write path (docs/invariants.md "Equipment state"):
-- the server recomputes the units each write moves (recomputeEquipmentState, with the reading's time
-- as state_since and the walls told), and whatever a writer missed — a unit a channel no longer leads
-- to, a cascade, a job's or a seed's own SQL — is recomputed when its transaction commits, by these
-- deferred triggers on the facts of fall_eq_state (0016): open warnings, channels (their unit and
-- fault), boards (online, archived) and open orders. A fact row that changed names the units to
-- recompute: OLD's and NEW's. At commit the units' rows are locked in id order, then the rule is read
-- in a statement of its own, so it sees every fact a writer holding them before committed; a state
-- the server already set is left as it is (no write, state_since kept).

CREATE FUNCTION fall_eq_state_follow(units integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  units := ARRAY(SELECT DISTINCT u FROM unnest(units) AS u WHERE u IS NOT NULL ORDER BY 1);
  IF cardinality(units) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM fall_eq_info WHERE id = ANY(units) ORDER BY id FOR NO KEY UPDATE;
  UPDATE fall_eq_info e SET state = x.state, state_since = now()
    FROM (SELECT id, fall_eq_state(id) AS state FROM fall_eq_info WHERE id = ANY(units)) x
   WHERE x.id = e.id AND e.state IS DISTINCT FROM x.state;
END $$;

CREATE FUNCTION fall_eq_state_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'fall_detect' THEN
    -- A board's liveness or service holds the units its channels lead to now (a deleted board's
    -- channels go by cascade, each a delete of its own).
    PERFORM fall_eq_state_follow(ARRAY(SELECT equipment_id FROM fall_detect_channel WHERE detect_id = NEW.id));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM fall_eq_state_follow(ARRAY[NEW.equipment_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fall_eq_state_follow(ARRAY[OLD.equipment_id]);
  ELSE
    PERFORM fall_eq_state_follow(ARRAY[OLD.equipment_id, NEW.equipment_id]);
  END IF;
  RETURN NULL;
END $$;

-- Only rows that move a fact queue anything: a reading's values, a warning's acknowledgement, an
-- order's other fields, a board's last-seen time do not.
CREATE CONSTRAINT TRIGGER fall_warning_eq_state_ins AFTER INSERT ON fall_warning DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.result IS NULL AND NEW.equipment_id IS NOT NULL) EXECUTE FUNCTION fall_eq_state_follows();
CREATE CONSTRAINT TRIGGER fall_warning_eq_state_upd AFTER UPDATE ON fall_warning DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.result IS NULL) IS DISTINCT FROM (NEW.result IS NULL) OR OLD.equipment_id IS DISTINCT FROM NEW.equipment_id)
  EXECUTE FUNCTION fall_eq_state_follows();
CREATE CONSTRAINT TRIGGER fall_warning_eq_state_del AFTER DELETE ON fall_warning DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.result IS NULL AND OLD.equipment_id IS NOT NULL) EXECUTE FUNCTION fall_eq_state_follows();

CREATE CONSTRAINT TRIGGER fall_order_eq_state_ins AFTER INSERT ON fall_order DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.equipment_id IS NOT NULL AND NEW.status IN ('submitted', 'accepted', 'repairing')) EXECUTE FUNCTION fall_eq_state_follows();
CREATE CONSTRAINT TRIGGER fall_order_eq_state_upd AFTER UPDATE ON fall_order DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.status IN ('submitted', 'accepted', 'repairing')) IS DISTINCT FROM (NEW.status IN ('submitted', 'accepted', 'repairing'))
                     OR OLD.equipment_id IS DISTINCT FROM NEW.equipment_id)
  EXECUTE FUNCTION fall_eq_state_follows();
CREATE CONSTRAINT TRIGGER fall_order_eq_state_del AFTER DELETE ON fall_order DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.equipment_id IS NOT NULL AND OLD.status IN ('submitted', 'accepted', 'repairing')) EXECUTE FUNCTION fall_eq_state_follows();

CREATE CONSTRAINT TRIGGER fall_detect_channel_eq_state_ins AFTER INSERT ON fall_detect_channel DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.equipment_id IS NOT NULL) EXECUTE FUNCTION fall_eq_state_follows();
CREATE CONSTRAINT TRIGGER fall_detect_channel_eq_state_upd AFTER UPDATE ON fall_detect_channel DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.equipment_id IS DISTINCT FROM NEW.equipment_id OR OLD.result IS DISTINCT FROM NEW.result OR OLD.detect_id IS DISTINCT FROM NEW.detect_id)
  EXECUTE FUNCTION fall_eq_state_follows();
CREATE CONSTRAINT TRIGGER fall_detect_channel_eq_state_del AFTER DELETE ON fall_detect_channel DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.equipment_id IS NOT NULL) EXECUTE FUNCTION fall_eq_state_follows();

CREATE CONSTRAINT TRIGGER fall_detect_eq_state_upd AFTER UPDATE ON fall_detect DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.online IS DISTINCT FROM NEW.online OR (OLD.archived_at IS NULL) IS DISTINCT FROM (NEW.archived_at IS NULL))
  EXECUTE FUNCTION fall_eq_state_follows();

-- What earlier writers left behind follows the rule from now on.
UPDATE fall_eq_info e SET state = x.state, state_since = now()
  FROM (SELECT id, fall_eq_state(id) AS state FROM fall_eq_info) x
 WHERE x.id = e.id AND e.state IS DISTINCT FROM x.state;
