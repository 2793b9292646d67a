/**
 * The demo venues' addresses as Chinese and Japanese readers write them: venue content per language, as
 * an admin would write it in the Venue tab, seeded with the venue. Korean and Thai readers are given the
 * English address, as Hong Kong addresses are written for them.
 */
import type { VenueDomain } from '../../../common/venues';

type Floor = 'G' | number;

const FLOORS: Record<VenueDomain, Floor> = { leclos: 'G', batard: 2, hopsze: 3, obe: 6 };

/** Hong Kong's floors: the ground floor is 地下 (G/F), then 1/F up; Japanese guides keep the Hong Kong marks. */
function addressesOn(floor: Floor) {
  const hant = floor === 'G' ? '地下' : `${floor}樓`;
  const hans = floor === 'G' ? '地下' : `${floor}楼`;
  const ja = floor === 'G' ? 'G/F' : `${floor}/F`;
  return {
    'zh-Hant': `香港中環雪廠街12號 Aldrich House ${hant}`,
    'zh-Hans': `香港中环雪厂街12号 Aldrich House ${hans}`,
    ja: `香港 中環 アイスハウス・ストリート（雪廠街）12号 Aldrich House ${ja}`,
  } as const;
}

/** The set-up's texts in the languages that write the address their own way (only the address). */
export function demoAddressTexts(domain: VenueDomain) {
  const addresses = addressesOn(FLOORS[domain]);
  return {
    ja: { address: addresses.ja },
    'zh-Hans': { address: addresses['zh-Hans'] },
    'zh-Hant': { address: addresses['zh-Hant'] },
  };
}
