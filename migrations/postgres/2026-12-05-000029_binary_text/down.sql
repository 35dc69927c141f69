-- Back to the database's default collation for every text column.
SELECT revrec_collate_text('default');
DROP FUNCTION revrec_collate_text(TEXT);
