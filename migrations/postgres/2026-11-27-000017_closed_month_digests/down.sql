DROP TABLE closed_months;
