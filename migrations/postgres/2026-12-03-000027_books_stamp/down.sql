DROP FUNCTION revrec_shared_books_stamp(TEXT);
