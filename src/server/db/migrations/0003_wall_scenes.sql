-- Walls and scenes: one default scene per scope (global, or one project), and the scene a kiosk
-- display token opens.
CREATE UNIQUE INDEX ship_scene_one_default ON ship_scene ((COALESCE(project_id, 0))) WHERE is_default;
CREATE INDEX ship_scene_project_idx ON ship_scene (project_id);
ALTER TABLE sys_session ADD COLUMN scene_id integer REFERENCES ship_scene(id) ON DELETE SET NULL;
CREATE INDEX sys_session_kind_idx ON sys_session (kind);
