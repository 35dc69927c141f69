-- Nothing was changed on SQLite (see up.sql). Keep in step with the other folder.
SELECT 1;
