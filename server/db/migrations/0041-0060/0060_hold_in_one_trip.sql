-- A guest's hold in one round trip (docs/decisions/0040-hold-in-one-trip.md). The server decides what it
-- can from what it holds in memory (the set-up, the token) and leaves the rest to this statement: which
-- of the tables that seat the party is free, the first of the ranked groups with a free one, picked
-- among that group's free tables by the hold's spread number (table-fit.ts `pickTable`, the same rule).
-- Everything else the decision assumed is checked under the locks every booking takes, in their order:
-- the session is live, the set-up is the version read, the day has no closures, the guest's holds and the
-- pacing limits leave room. When anything differs, HG001, the statement changes nothing, and the server
-- asks again the way that reads the day first (migration 0059's `guarded_hold_status`).

-- The tables of `p_tables` free over [p_from, p_to) at p_now, in their order: no live reservation or held
-- change on them alone or joined (the same check as `guarded_hold_status`, per table by its own indexes).
CREATE FUNCTION hold_free_tables(p_tables text[], p_venue text, p_dates text[], p_from timestamptz, p_to timestamptz, p_now timestamptz)
RETURNS text[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- A table's own bookings through a LATERAL probe each (the exclusion constraint's index, by table and
  -- stay): as NOT EXISTS the planner joins all the venue's bookings in the stay instead.
  RETURN ARRAY(
    SELECT chosen.id FROM unnest(p_tables) WITH ORDINALITY AS chosen(id, ord)
    LEFT JOIN LATERAL (
        SELECT 1 AS one FROM reservations
        WHERE table_id = chosen.id
          AND tstzrange(starts_at, least(ends_at, greatest(starts_at, coalesce(table_freed_at, ends_at)))) && tstzrange(p_from, p_to)
          AND status IN ('CONFIRMED', 'PENDING') AND (status = 'CONFIRMED' OR hold_expires_at > p_now)
          AND venue_id = p_venue AND date = ANY(p_dates)
        LIMIT 1) AS alone ON true
    WHERE alone.one IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM reservations
        WHERE combined_table_ids <> '{}' AND combined_table_ids && ARRAY[chosen.id]
          AND status IN ('CONFIRMED', 'PENDING') AND (status = 'CONFIRMED' OR hold_expires_at > p_now)
          AND venue_id = p_venue AND date = ANY(p_dates)
          AND starts_at < p_to
          AND least(ends_at, greatest(starts_at, coalesce(table_freed_at, ends_at))) > greatest(p_from, starts_at))
      AND NOT EXISTS (
        SELECT 1 FROM change_holds
        WHERE venue_id = p_venue AND date = ANY(p_dates) AND (table_id = chosen.id OR combined_table_ids && ARRAY[chosen.id])
          AND status = 'HELD' AND hold_expires_at > p_now AND starts_at < p_to AND ends_at > p_from)
    ORDER BY chosen.ord);
END
$$;

-- The table a guest's hold takes, for its INSERT's `table_id`; raises HG001 when the hold was decided on
-- what is not so, or no table of the ranks is free (the way that reads the day tells which refusal).
CREATE FUNCTION guarded_hold_table(p jsonb) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_from timestamptz := (p->>'from')::timestamptz;
  v_to timestamptz := (p->>'to')::timestamptz;
  v_dates text[] := ARRAY(SELECT jsonb_array_elements_text(p->'dates'));
  v_user text := p->>'userId';
  v_venue text := p->>'venueId';
  v_pacing jsonb := p->'pacing';
  v_slot_covers bigint;
  v_service_covers bigint;
  v_group jsonb;
  v_free text[];
  v_table text;
BEGIN
  -- The locks in the order every booking takes them (guest-limits.ts, pacing-covers.ts, closures.ts,
  -- table-day-locks.ts), so this statement and a booking in a transaction never deadlock.
  PERFORM pg_advisory_xact_lock(hashtextextended('guest-limits:' || v_user, 0));
  IF p->>'pacingKey' IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock((p->>'pacingKey')::bigint);
  END IF;
  PERFORM pg_advisory_xact_lock_shared((p->>'closuresKey')::bigint);

  -- What the server assumed without reading: the caller's session (auth.ts `liveSessionUser`) with the
  -- token's role, the set-up it holds, a day without closures.
  IF NOT EXISTS (
      SELECT 1 FROM users
      WHERE id = v_user AND role = p->>'role' AND session_generation = (p->>'sessionGeneration')::int AND deactivated_at IS NULL)
    OR (SELECT version FROM venue_catalog_version) IS DISTINCT FROM (p->>'catalogVersion')::bigint
    OR EXISTS (SELECT 1 FROM closures WHERE venue_id = v_venue AND to_date >= p->>'date' AND from_date <= p->>'date') THEN
    RAISE EXCEPTION 'hold guard: not as assumed' USING ERRCODE = 'HG001';
  END IF;
  IF (SELECT count(*) FROM reservations WHERE user_id = v_user AND status = 'PENDING' AND hold_expires_at > v_now) >= (p->>'maxHeld')::int THEN
    RAISE EXCEPTION 'hold guard: hold limit' USING ERRCODE = 'HG001';
  END IF;
  -- Pacing as `guarded_hold_status` counts it (pacing.ts), under the service's pacing lock.
  IF jsonb_typeof(v_pacing) = 'object' THEN
    SELECT coalesce(sum(number_of_guests) FILTER (WHERE start_time >= (v_pacing->>'slotFrom')::int AND start_time < (v_pacing->>'slotTo')::int), 0),
           coalesce(sum(number_of_guests), 0)
      INTO v_slot_covers, v_service_covers
      FROM reservations
      WHERE venue_id = v_venue AND date = p->>'date'
        AND status IN ('CONFIRMED', 'PENDING') AND (status = 'CONFIRMED' OR hold_expires_at > v_now)
        AND start_time >= (v_pacing->>'serviceFrom')::int AND start_time < (v_pacing->>'serviceTo')::int;
    IF v_slot_covers + (v_pacing->>'party')::int > coalesce((v_pacing->>'maxSlot')::int, 2147483647)
      OR v_service_covers + (v_pacing->>'party')::int > coalesce((v_pacing->>'maxService')::int, 2147483647) THEN
      RAISE EXCEPTION 'hold guard: paced out' USING ERRCODE = 'HG001';
    END IF;
  END IF;

  -- The first ranked group with a free table, and in it the free table the spread number picks.
  FOR v_group IN SELECT jsonb_array_elements(p->'tableRanks') LOOP
    v_free := hold_free_tables(ARRAY(SELECT jsonb_array_elements_text(v_group)), v_venue, v_dates, v_from, v_to, v_now);
    IF cardinality(v_free) > 0 THEN
      v_table := v_free[(p->>'spread')::bigint % cardinality(v_free) + 1];
      EXIT;
    END IF;
  END LOOP;
  IF v_table IS NULL THEN
    RAISE EXCEPTION 'hold guard: no table free' USING ERRCODE = 'HG001';
  END IF;

  -- The chosen table's locks on the stay's days, then (a fresh snapshot) its run-out holds given up and
  -- the table checked again: a booking that held its lock meanwhile is seen now.
  PERFORM pg_advisory_xact_lock((p->'tableKeys'->>v_table)::int, d::int)
  FROM jsonb_array_elements_text(p->'lockDays') AS d;
  UPDATE reservations SET status = 'CANCELED', canceled_at = v_now, updated_at = v_now
  WHERE id IN (
      SELECT id FROM reservations
      WHERE status = 'PENDING' AND hold_expires_at <= v_now AND (table_id = v_table OR combined_table_ids && ARRAY[v_table])
        AND starts_at < v_to AND ends_at > v_from
      ORDER BY id FOR UPDATE)
    AND status = 'PENDING';
  IF cardinality(hold_free_tables(ARRAY[v_table], v_venue, v_dates, v_from, v_to, v_now)) = 0 THEN
    RAISE EXCEPTION 'hold guard: table taken' USING ERRCODE = 'HG001';
  END IF;
  -- The language booked in becomes the account's too (reservation-create.ts).
  UPDATE users SET locale = p->>'locale', updated_at = v_now WHERE id = v_user AND locale IS DISTINCT FROM p->>'locale';
  RETURN v_table;
END
$$;
