-- A guest's hold reads only what it asks about (docs/decisions/0039-hold-reads.md). Under a plan made once
-- per connection (migration 0035), its reads scanned far more than they answered once a club's worth of
-- bookings and holds were in the table:
-- * the caller's unfinished holds were counted through the index of every pending hold's end, filtering
--   each by its guest: that index answers "which holds run out", not "whose". They get their own index;
-- * the guard's check of the chosen tables read the venue's days (as an array of unknown length, which a
--   generic plan prices as many days: the whole table) to find the few bookings on those tables. A table's
--   own bookings are found by the index of the exclusion constraint that forbids double bookings (its
--   table and stay), and the bookings that join tables by a GIN index of the joined tables, kept only for
--   the live rows that have any;
-- * the closures' fingerprint, a SQL function that cannot be inlined (it aggregates), was parsed and
--   planned again on every call, twice a hold (its read and its guard); PL/pgSQL keeps a statement's plan
--   for the session. The same answer.

CREATE INDEX reservations_user_pending ON reservations (user_id, hold_expires_at) WHERE status = 'PENDING';

CREATE INDEX reservations_combined_tables ON reservations USING gin (combined_table_ids)
  WHERE combined_table_ids <> '{}' AND status IN ('PENDING', 'CONFIRMED');

CREATE OR REPLACE FUNCTION closures_fingerprint(p_venue_id text, p_date text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT md5(coalesce(string_agg(id, ',' ORDER BY id), ''))
    FROM closures
    WHERE venue_id = p_venue_id AND to_date >= p_date AND from_date <= p_date);
END
$$;

CREATE OR REPLACE FUNCTION guarded_hold_status(p jsonb) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_from timestamptz := (p->>'from')::timestamptz;
  v_to timestamptz := (p->>'to')::timestamptz;
  v_tables text[] := ARRAY(SELECT jsonb_array_elements_text(p->'tableIds'));
  v_dates text[] := ARRAY(SELECT jsonb_array_elements_text(p->'dates'));
  v_user text := p->>'userId';
  v_venue text := p->>'venueId';
  v_pacing jsonb := p->'pacing';
  v_slot_covers bigint;
  v_service_covers bigint;
BEGIN
  -- The locks in the order every booking takes them (guest-limits.ts, pacing-covers.ts, closures.ts,
  -- table-day-locks.ts), so this statement and a booking in a transaction never deadlock.
  PERFORM pg_advisory_xact_lock(hashtextextended('guest-limits:' || v_user, 0));
  IF p->>'pacingKey' IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock((p->>'pacingKey')::bigint);
  END IF;
  PERFORM pg_advisory_xact_lock_shared((p->>'closuresKey')::bigint);
  PERFORM pg_advisory_xact_lock(k.t, k.d)
  FROM unnest(ARRAY(SELECT jsonb_array_elements_text(p->'lockTables'))::int[], ARRAY(SELECT jsonb_array_elements_text(p->'lockDays'))::int[]) AS k(t, d);

  -- Run-out holds on the chosen tables in the slot give them up (hold-expiry.ts), in id order.
  UPDATE reservations SET status = 'CANCELED', canceled_at = v_now, updated_at = v_now
  WHERE id IN (
      SELECT id FROM reservations
      WHERE status = 'PENDING' AND hold_expires_at <= v_now AND (table_id = ANY(v_tables) OR combined_table_ids && v_tables)
        AND starts_at < v_to AND ends_at > v_from
      ORDER BY id FOR UPDATE)
    AND status = 'PENDING';

  IF (SELECT count(*) FROM reservations WHERE user_id = v_user AND status = 'PENDING' AND hold_expires_at > v_now) >= (p->>'maxHeld')::int THEN
    RAISE EXCEPTION 'hold guard: hold limit' USING ERRCODE = 'HG001';
  END IF;
  -- Live reservations and held changes on the chosen tables (busy-intervals.ts: occupiedUntil, isLiveAt).
  -- Each chosen table by the exclusion constraint's index (its own table and stay), the bookings that
  -- join it to others by theirs: neither reads the venue's whole days.
  IF EXISTS (
      SELECT 1 FROM unnest(v_tables) AS chosen(id), LATERAL (
        SELECT 1 FROM reservations
        WHERE table_id = chosen.id
          AND tstzrange(starts_at, least(ends_at, greatest(starts_at, coalesce(table_freed_at, ends_at)))) && tstzrange(v_from, v_to)
          AND status IN ('CONFIRMED', 'PENDING') AND (status = 'CONFIRMED' OR hold_expires_at > v_now)
          AND venue_id = v_venue AND date = ANY(v_dates)
        LIMIT 1) AS taken)
    OR EXISTS (
      SELECT 1 FROM reservations
      WHERE combined_table_ids <> '{}' AND combined_table_ids && v_tables
        AND status IN ('CONFIRMED', 'PENDING') AND (status = 'CONFIRMED' OR hold_expires_at > v_now)
        AND venue_id = v_venue AND date = ANY(v_dates)
        AND starts_at < v_to
        AND least(ends_at, greatest(starts_at, coalesce(table_freed_at, ends_at))) > greatest(v_from, starts_at))
    OR EXISTS (
      SELECT 1 FROM change_holds
      WHERE venue_id = v_venue AND date = ANY(v_dates) AND (table_id = ANY(v_tables) OR combined_table_ids && v_tables)
        AND status = 'HELD' AND hold_expires_at > v_now AND starts_at < v_to AND ends_at > v_from) THEN
    RAISE EXCEPTION 'hold guard: table taken' USING ERRCODE = 'HG001';
  END IF;
  -- Pacing (pacing.ts): the covers live bookings start in the slot interval and in the service, counted
  -- by start time within the service's hours (exact when services do not overlap, more otherwise: safe).
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
  IF closures_fingerprint(v_venue, p->>'date') <> p->>'closuresFingerprint' THEN
    RAISE EXCEPTION 'hold guard: closures changed' USING ERRCODE = 'HG001';
  END IF;
  -- The language booked in becomes the account's too (reservation-create.ts).
  UPDATE users SET locale = p->>'locale', updated_at = v_now WHERE id = v_user AND locale IS DISTINCT FROM p->>'locale';
  RETURN 'PENDING';
END
$$;
