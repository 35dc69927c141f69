DROP TABLE period_events;
