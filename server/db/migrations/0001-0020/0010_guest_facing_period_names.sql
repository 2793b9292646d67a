-- Guests read service period names in the opening hours and above the time slots: the whisky bar's two
-- periods carried their days in their names ('Evening (Sun–Tue)'), which the hours already list beside
-- them. Both become 'Evening'; its experiences are offered in it as before (days come from the periods).
UPDATE service_periods SET name = 'Evening' WHERE name IN ('Evening (Sun–Tue)', 'Late Night (Wed–Sat)');
UPDATE experiences SET period_names = ARRAY['Evening']
WHERE period_names = ARRAY['Evening (Sun–Tue)', 'Late Night (Wed–Sat)'];
