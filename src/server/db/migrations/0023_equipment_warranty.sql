-- Warranty end date of an installed unit: a calendar date (no time of day, no time zone), null when
-- unknown. The equipment list filters on it ("expiring within 30 days", "expired") against today's
-- date in UTC, as the statistics count days.
ALTER TABLE fall_eq_info ADD COLUMN warranty_end date;
CREATE INDEX fall_eq_info_warranty_idx ON fall_eq_info(warranty_end) WHERE warranty_end IS NOT NULL;

-- Spare parts kept for an installed unit (fall/spare): what to order or take along before a repair.
-- They belong to the unit and go with it.
CREATE TABLE fall_spare_part (
  id            serial PRIMARY KEY,
  equipment_id  integer      NOT NULL REFERENCES fall_eq_info(id) ON DELETE CASCADE,
  name          varchar(128) NOT NULL,
  part_no       varchar(64)  NOT NULL DEFAULT '',
  quantity      integer      NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  remark        varchar(500) NOT NULL DEFAULT '',
  created_at    timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_spare_part_equipment_idx ON fall_spare_part(equipment_id);
