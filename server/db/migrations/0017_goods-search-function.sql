-- Hashes of a text's two-character substrings, for the goods list's substring search: a keyword
-- of two characters or more is found only in texts holding all of its pairs, so a GIN index on these
-- hashes narrows a LIKE '%keyword%' to few rows, Chinese text included (trigrams would need three).
-- Each distinct pair once, as integers, to keep the stored arrays short.
CREATE FUNCTION search_gram_hashes(value text) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(SELECT DISTINCT hashtext(substr(value, i, 2)) FROM generate_series(1, length(value) - 1) i);
