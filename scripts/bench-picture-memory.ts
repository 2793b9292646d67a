/**
 * What four large venue pictures uploaded side by side cost the server's memory. `npx tsx
 * scripts/bench-picture-memory.ts` (PGlite in this process, as the server runs it; PIXELS=39000000 the
 * pictures' size, FILES=4 how many). The pictures are valid PNGs of a noisy gradient, under the 8 MB file
 * limit but large in pixels. Prints the process's RSS before, its peak while the uploads run (sampled
 * every 5 ms), and the answers' statuses.
 */
import sharp from 'sharp';
import { users } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { VENUES } from '../common/venues';
import { createTestApi } from '../tests/support/server/harness';

const PIXELS = Number(process.env.PIXELS ?? 39_000_000);
const FILES = Number(process.env.FILES ?? 4);
const MB = 1024 * 1024;

const api = await createTestApi();
const venueId = VENUES.find((v) => v.domain === 'leclos')!.value;
const adminId = newId();
await api.deps.db.insert(users).values({ id: adminId, role: 'admin', email: `${adminId}@bench.example.com`, passwordHash: 'x', firstName: 'Bench', lastName: 'Admin' });
const token = api.tokenFor({ id: adminId, role: 'admin' });

// 3:2, a small noise tile scaled up (each picture its own colour, so each is a new file).
const width = Math.round(Math.sqrt(PIXELS * 1.5));
const height = Math.round(width / 1.5);
const picture = async (i: number) => {
  const tile = await sharp({ create: { width: 64, height: 48, channels: 3, noise: { type: 'gaussian', mean: 100 + i * 20, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(tile).resize(width, height, { kernel: 'nearest' }).png({ compressionLevel: 9 }).toBuffer();
};
const pictures = await Promise.all(Array.from({ length: FILES }, (_, i) => picture(i)));

globalThis.gc?.();
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
const statuses = await Promise.all(
  pictures.map(async (bytes) => {
    const res = await api.app.request(`/admin/setup/venue/${venueId}/picture`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(bytes)]),
    });
    return res.status;
  }),
);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
console.log(
  `${FILES} PNGs of ${width}×${height} (${((width * height) / 1e6).toFixed(1)} Mpx, ${(pictures[0]!.length / MB).toFixed(2)} MB each): ` +
    `RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); answers ${statuses.join(', ')}`,
);
await api.close();
