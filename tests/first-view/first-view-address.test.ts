/**
 * The address a first view is kept under, read from the hash by the first-view script before the app
 * loads, and the build's list of addresses: each a guest page that needs no log-in.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_ADDRESSES } from '../../scripts/first-view-capture';
import { firstViewAddress } from '../../src/first-view/first-view-address';
import { splitHash } from '../../src/navigation/hash-address';
import { routeByPath } from '../../src/navigation/routes';

describe('firstViewAddress', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['#/pages/index', '/'],
    ['#/pages/home?from=newsletter', '/'],
    ['#/pages/venue', '/pages/venue'],
    ['#pages/venue', '/pages/venue'],
    ['#/pages/venue-detail?domain=obe', '/pages/venue-detail?domain=obe'],
    ['#/pages/venue-detail?utm_source=x&domain=%20Obe%20', '/pages/venue-detail?domain=obe'],
    ['#/pages/venue-detail', '/pages/venue-detail?domain='],
    ['#/pages/book?domain=obe', '/pages/book'],
  ])('%s → %s', (hash, address) => {
    expect(firstViewAddress(hash)).toBe(address);
  });
});

describe('FIRST_VIEW_ADDRESSES', () => {
  it.each(FIRST_VIEW_ADDRESSES)('%s is a guest page with no log-in, kept under its own address', (address) => {
    const route = routeByPath(splitHash(`#${address}`).path);
    expect(route).toBeDefined();
    expect(route!.requiresLogin ?? false).toBe(false);
    expect(route!.area).toBeUndefined();
    expect(firstViewAddress(`#${address}`)).toBe(address);
  });
});
