// @vitest-environment jsdom
/** The first page's critical path (Lighthouse; docs/decisions/0006-first-views.md): its chunk and picture fetched at start, its content in the first commit. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageLoader, preloadPage } from '../../../src/components/page-loader';
import { HOME_PICTURE, venuePicture } from '../../../src/content/venue-images';
import { VENUES } from '../../../common/venues';
import { firstPicture, preloadPicture } from '../../../src/navigation/first-picture';
import type { RouteDef } from '../../../src/navigation/routes';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('the first page at start', () => {
  it('renders a preloaded page in the first commit, without waiting on a Suspense reveal', async () => {
    const module = { default: () => <p>The page itself</p> };
    const route: RouteDef = { name: 'first', path: '/pages/first', load: () => Promise.resolve(module) };
    preloadPage(route);
    await route.load();
    render(<PageLoader route={route} query={{}} />);
    expect(screen.getByText('The page itself')).toBeTruthy();
  });

  it('names the picture Home, Venue and a venue detail show first', () => {
    expect(firstPicture('home', {})).toBe(HOME_PICTURE);
    expect(firstPicture('index', {})).toBe(HOME_PICTURE);
    expect(firstPicture('venue', {})).toBe(venuePicture(VENUES[0]!.domain));
    expect(firstPicture('venue-detail', { domain: ' LeClos ' })).toBe(venuePicture('leclos'));
    expect(firstPicture('venue-detail', { domain: 'nowhere' })).toBeUndefined();
    expect(firstPicture('login', {})).toBeUndefined();
  });

  it('asks for the picture at high priority through a preload link', () => {
    preloadPicture(HOME_PICTURE);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect(link?.as).toBe('image');
    expect(link?.getAttribute('href')).toBe(HOME_PICTURE);
    expect(link?.fetchPriority).toBe('high');
  });
});
