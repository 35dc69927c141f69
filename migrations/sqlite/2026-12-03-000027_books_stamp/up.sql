-- PostgreSQL's folder adds the function a shared books lock is taken with. SQLite writes one
-- at a time and takes its write lock instead: nothing to add. Keep in step with the other
-- folder.
SELECT 1;
