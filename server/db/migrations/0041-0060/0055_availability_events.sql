-- What else changes a guest's free times, announced on `reservation_events` beside the bookings
-- (migration 0014), so every process's cache of look-up answers (docs/decisions/0038) drops what they
-- touch once they commit: a change held while its difference is paid, and a closure, for their venue's
-- days; a published set-up change (its version, docs/decisions/0017), for everything. Payloads of their
-- own shape, which the day sheet's streams do not read.
CREATE FUNCTION notify_availability_days(venue_id text, from_date text, to_date text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('reservation_events', json_build_object('availabilityChanged',
    json_build_object('venueId', venue_id, 'fromDate', from_date, 'toDate', to_date))::text);
$$;

CREATE FUNCTION notify_change_hold_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_availability_days(OLD.venue_id, OLD.date, OLD.date); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_availability_days(NEW.venue_id, NEW.date, NEW.date); END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION notify_closure_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_availability_days(OLD.venue_id, OLD.from_date, OLD.to_date); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_availability_days(NEW.venue_id, NEW.from_date, NEW.to_date); END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reservation_events', json_build_object('catalogChanged', NEW.version)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER change_holds_notify AFTER INSERT OR UPDATE OR DELETE ON change_holds
  FOR EACH ROW EXECUTE FUNCTION notify_change_hold_days();
CREATE TRIGGER closures_notify AFTER INSERT OR UPDATE OR DELETE ON closures
  FOR EACH ROW EXECUTE FUNCTION notify_closure_days();
CREATE TRIGGER venue_catalog_version_notify AFTER INSERT OR UPDATE ON venue_catalog_version
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
