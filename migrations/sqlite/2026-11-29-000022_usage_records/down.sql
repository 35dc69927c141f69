DROP TABLE usage_months;
DROP INDEX usage_records_by_month;
DROP TABLE usage_records;
