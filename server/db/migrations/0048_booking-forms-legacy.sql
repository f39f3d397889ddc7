-- Booking forms made before they had slots take bookings every day from 09:00 to 18:00, twenty a day
-- at no store, until an operator edits them; their window starts when they were made.
UPDATE "booking_forms"
   SET "slots" = '[{"Start":"09:00","End":"18:00","Capacity":0}]'::jsonb,
       "capacity_mode" = 'perDay',
       "day_capacity" = 20,
       "starts_at" = "created_at",
       "ends_at" = greatest("created_at", now()) + interval '1 year'
 WHERE "slots" = '[]'::jsonb;
