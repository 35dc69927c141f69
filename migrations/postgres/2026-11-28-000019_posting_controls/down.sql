DROP TABLE posting_controls;
