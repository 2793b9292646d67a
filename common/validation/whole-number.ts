/** A whole number from `min` to `max`, refused with one message whatever is wrong with it (not a number, a fraction, out of range). */
import * as v from 'valibot';

export const wholeNumberIn = (min: number, max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
