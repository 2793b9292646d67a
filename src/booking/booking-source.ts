/** docs/PRODUCT.md §3: bookings from phones are GUEST_WEB_MOBILE, the rest GUEST_WEB. */
export function isMobileDevice(): boolean {
  const data = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (typeof data?.mobile === 'boolean') return data.mobile;
  return /Android|iPhone|iPod|Mobile/i.test(navigator.userAgent);
}
