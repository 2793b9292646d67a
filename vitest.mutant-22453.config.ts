import { mergeConfig } from 'vitest/config';
import base from './vite.config.ts';
export default mergeConfig(base, {
  resolve: { alias: [{ find: /^(\.{1,2}\/)+(.+\/)?booking\.machine$/, replacement: "/work/wt/chart/machines/booking/booking.machine.mutant.ts" }] },
});
