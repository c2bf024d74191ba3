-- The storage configuration each file was stored through (oss/oss-config). A file is read, and its
-- bytes removed, through that configuration, whichever one is active later: an S3 bucket keeps
-- serving the files it holds after uploads move to a local folder, and the other way round. NULL:
-- the files directory itself (files stored before this column, or while no configuration was active).
-- A configuration that still holds files cannot be deleted (the routes refuse it with a message;
-- the foreign key is the backstop).
ALTER TABLE oss_file ADD COLUMN config_id integer REFERENCES oss_config(id);
CREATE INDEX oss_file_config_idx ON oss_file(config_id) WHERE config_id IS NOT NULL;
