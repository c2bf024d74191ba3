-- 0069_channel_check_key.sql: a channel names the checklist item whose numbers are its own reading
-- taken by hand (issue 39, docs/maintenance.md "Checklists"): the technician's gauge reading of a
-- pump's outlet pressure beside the board's pressure channel in its trend. Empty: none. The trend
-- reads fall_checklist_value by (equipment_id, item_key, at), the index of 0063.
ALTER TABLE "fall_detect_channel" ADD COLUMN "check_key" varchar(32) DEFAULT '' NOT NULL;
