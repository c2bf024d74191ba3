-- History survives (docs/invariants.md "Archive and delete"). Deleting a project took its
-- equipment, boards, orders, reports and warnings with it (ON DELETE CASCADE of 0002). Projects,
-- equipment and detection boards with history are now archived instead: archived_at set, hidden
-- from lists, pickers and walls, their history kept and counted, restorable by an administrator.

ALTER TABLE fall_project ADD COLUMN archived_at timestamptz, ADD COLUMN archived_by integer;
ALTER TABLE fall_eq_info ADD COLUMN archived_at timestamptz, ADD COLUMN archived_by integer;
ALTER TABLE fall_detect  ADD COLUMN archived_at timestamptz, ADD COLUMN archived_by integer;

-- The last line of defence: a DELETE that would erase history fails in the database itself,
-- whoever runs it. Orders, warnings and trainings are history; they keep their project, equipment,
-- board and device model. Pure children (intros, passwords, drawings, cameras, sensors, channels,
-- equipment and boards without history, a project's scenes) still go with their parent.
ALTER TABLE fall_order
  DROP CONSTRAINT fall_order_project_id_fkey,
  ADD CONSTRAINT fall_order_project_id_fkey FOREIGN KEY (project_id) REFERENCES fall_project(id) ON DELETE RESTRICT,
  DROP CONSTRAINT fall_order_equipment_id_fkey,
  ADD CONSTRAINT fall_order_equipment_id_fkey FOREIGN KEY (equipment_id) REFERENCES fall_eq_info(id) ON DELETE RESTRICT;
ALTER TABLE fall_warning
  DROP CONSTRAINT fall_warning_project_id_fkey,
  ADD CONSTRAINT fall_warning_project_id_fkey FOREIGN KEY (project_id) REFERENCES fall_project(id) ON DELETE RESTRICT,
  DROP CONSTRAINT fall_warning_detect_id_fkey,
  ADD CONSTRAINT fall_warning_detect_id_fkey FOREIGN KEY (detect_id) REFERENCES fall_detect(id) ON DELETE RESTRICT,
  DROP CONSTRAINT fall_warning_equipment_id_fkey,
  ADD CONSTRAINT fall_warning_equipment_id_fkey FOREIGN KEY (equipment_id) REFERENCES fall_eq_info(id) ON DELETE RESTRICT;
ALTER TABLE fall_train
  DROP CONSTRAINT fall_train_project_id_fkey,
  ADD CONSTRAINT fall_train_project_id_fkey FOREIGN KEY (project_id) REFERENCES fall_project(id) ON DELETE RESTRICT,
  DROP CONSTRAINT fall_train_device_id_fkey,
  ADD CONSTRAINT fall_train_device_id_fkey FOREIGN KEY (device_id) REFERENCES fall_device(id) ON DELETE RESTRICT;
-- A device model in use is refused (409), not silently cut off from its units.
ALTER TABLE fall_eq_info
  DROP CONSTRAINT fall_eq_info_device_id_fkey,
  ADD CONSTRAINT fall_eq_info_device_id_fkey FOREIGN KEY (device_id) REFERENCES fall_device(id) ON DELETE RESTRICT;
-- Bills are financial history: a customer with bills is refused (the route already said so).
ALTER TABLE app_bill
  DROP CONSTRAINT app_bill_user_id_fkey,
  ADD CONSTRAINT app_bill_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_user(id) ON DELETE RESTRICT;
-- A role that users hold is refused (409), not taken from them unseen.
ALTER TABLE sys_user_role
  DROP CONSTRAINT sys_user_role_role_id_fkey,
  ADD CONSTRAINT sys_user_role_role_id_fkey FOREIGN KEY (role_id) REFERENCES sys_role(id) ON DELETE RESTRICT;

CREATE INDEX fall_train_device_idx ON fall_train(device_id) WHERE device_id IS NOT NULL;
CREATE INDEX fall_warning_equipment_idx ON fall_warning(equipment_id) WHERE equipment_id IS NOT NULL;

-- Equipment counts (stats_eq_count of 0008: the wall's device groups and state counts) leave out
-- archived units: archiving counts as removing the unit, restoring as adding it back.
CREATE OR REPLACE FUNCTION stats_eq_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_bump_eq(array_agg(project_id), array_agg(device_id), array_agg(state::text), array_agg(1))
     FROM new_rows WHERE archived_at IS NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION stats_eq_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_bump_eq(array_agg(project_id), array_agg(device_id), array_agg(state::text), array_agg(-1))
     FROM old_rows WHERE archived_at IS NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION stats_eq_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_bump_eq(array_agg(x.project_id), array_agg(x.device_id), array_agg(x.state), array_agg(x.sign))
     FROM (SELECT o.project_id, o.device_id, o.state::text AS state, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE o.archived_at IS NULL
              AND (o.project_id, o.device_id, o.state, n.archived_at IS NULL) IS DISTINCT FROM (n.project_id, n.device_id, n.state, true)
           UNION ALL
           SELECT n.project_id, n.device_id, n.state::text, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE n.archived_at IS NULL
              AND (o.project_id, o.device_id, o.state, o.archived_at IS NULL) IS DISTINCT FROM (n.project_id, n.device_id, n.state, true)) x;
  RETURN NULL;
END $$;

-- Menus of an installation seeded before this migration get the restore buttons (a fresh database
-- gets them from the seed's menu tree); administrators are granted them, nobody else.
INSERT INTO sys_menu (parent_id, name, name_en, type, perms, menu_code, sort)
SELECT m.id, '恢复归档', 'Restore archived', 2, m.menu_code || '#restore', m.menu_code, 100
  FROM sys_menu m
 WHERE m.type = 1 AND m.menu_code IN ('fall-project', 'fall-eqinfo', 'fall-detect')
   AND NOT EXISTS (SELECT 1 FROM sys_menu b WHERE b.perms = m.menu_code || '#restore');
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT r.id, b.id FROM sys_role r JOIN sys_menu b ON b.perms IN ('fall-project#restore', 'fall-eqinfo#restore', 'fall-detect#restore')
 WHERE r.code = 'administrator'
ON CONFLICT DO NOTHING;
