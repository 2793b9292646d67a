-- Live updates of the staff console's day sheet (docs/PRODUCT.md §6): every committed change to a booking, or to a
-- payment of one, is announced on the `reservation_events` channel. NOTIFY inside a transaction is
-- delivered only when it commits, and to every connection LISTENing on the database, so all server
-- processes hear each change once it is real, whichever service or process made it.
CREATE FUNCTION notify_reservation_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  booking record;
BEGIN
  IF TG_TABLE_NAME = 'payments' THEN
    IF NEW.reservation_id IS NULL THEN
      RETURN NULL;
    END IF;
    SELECT id, venue_id, date INTO booking FROM reservations WHERE id = NEW.reservation_id;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    booking := OLD;
  ELSE
    booking := NEW;
    -- A booking moved to another day or venue leaves the old day's sheet too.
    IF TG_OP = 'UPDATE' AND (OLD.date <> NEW.date OR OLD.venue_id <> NEW.venue_id) THEN
      PERFORM pg_notify('reservation_events', json_build_object('venueId', OLD.venue_id, 'date', OLD.date, 'reservationId', OLD.id)::text);
    END IF;
  END IF;
  PERFORM pg_notify('reservation_events', json_build_object('venueId', booking.venue_id, 'date', booking.date, 'reservationId', booking.id)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER reservations_notify AFTER INSERT OR UPDATE OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION notify_reservation_event();
CREATE TRIGGER payments_notify AFTER INSERT OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION notify_reservation_event();
