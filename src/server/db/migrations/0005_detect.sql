-- Detection boards and warnings (docs/operations-work.md): a board number identifies a board inside its project
-- (the HTTP report sends it), and the warning list filters by board and open state.
CREATE UNIQUE INDEX fall_detect_board_no_uq ON fall_detect(project_id, board_no) WHERE board_no <> '';
CREATE INDEX fall_detect_channel_equipment_idx ON fall_detect_channel(equipment_id) WHERE equipment_id IS NOT NULL;
CREATE INDEX fall_warning_detect_idx ON fall_warning(detect_id, at DESC);
CREATE INDEX fall_warning_open_idx ON fall_warning(at DESC) WHERE result IS NULL;
CREATE INDEX fall_train_project_idx ON fall_train(project_id);
CREATE INDEX fall_monitor_project_idx ON fall_monitor(project_id);
CREATE INDEX fall_others_project_idx ON fall_others(project_id);
