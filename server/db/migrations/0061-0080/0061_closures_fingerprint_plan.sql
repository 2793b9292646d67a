-- The closures' fingerprint keeps its plan (docs/decisions/0039-hold-reads.md). As a SQL function that
-- cannot be inlined (it aggregates), its body was parsed and planned again on every call, twice a hold
-- (its read and its guard); PL/pgSQL keeps a statement's plan for the session. The same answer.

CREATE OR REPLACE FUNCTION closures_fingerprint(p_venue_id text, p_date text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT md5(coalesce(string_agg(id, ',' ORDER BY id), ''))
    FROM closures
    WHERE venue_id = p_venue_id AND to_date >= p_date AND from_date <= p_date);
END
$$;
