-- PostgreSQL's folder decides how a write's statements are planned. SQLite prepares each
-- statement as it runs: nothing to add. Keep in step with the other folder.
SELECT 1;
