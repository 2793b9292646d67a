// @vitest-environment jsdom
/**
 * The content pages in the whole app against the real API: Home, venues, venue detail (hours and menus
 * from the server), the menu preview, membership with its contact form, press and book now.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hasVenueText } from '../../../src/content/venue-texts';
import { VENUES } from '../../../common/venues';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { watchFetch } from '../../support/ui/fetch-watch';
import { findText, region, SLOW } from '../../support/ui/page-queries';

// Some tests watch or answer the page's fetch calls.
const api = useAppHarness({ afterEach: () => vi.restoreAllMocks() });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('pages render their heading', () => {
  it.each([
    ['/', 'Welcome to The Aldrich Club'],
    ['/pages/home', 'Welcome to The Aldrich Club'],
    ['/pages/venue', 'Our venues'],
    ['/pages/membership', 'Membership'],
    ['/pages/press', 'Press'],
    ['/pages/book-now', 'Book now'],
    [
      `/pages/preview?url=%2Fpublic%2Fmenu%2Fbatard-tasting.pdf&title=${encodeURIComponent('Bâtard – Tasting Menu')}`,
      'Bâtard – Tasting Menu',
    ],
  ])('%s shows "%s"', async (address, heading) => {
    await openApp(address);
    expect(await findHeading(heading)).toBeTruthy();
  });
});

describe('home', () => {
  it('shows the four venues with links to their pages, the ways in, and the address', async () => {
    await openApp('/');
    await findHeading('Welcome to The Aldrich Club');
    const venues = await region('Our venues');
    for (const venue of VENUES) {
      const card = within(venues).getByRole('article', { name: venue.title });
      expect(within(card).getByText(venue.desc)).toBeTruthy();
      expect(within(card).getByRole('link', { name: `Discover ${venue.title}` }).getAttribute('href')).toBe(
        `#/pages/venue-detail?domain=${venue.domain}`,
      );
    }
    const plan = await region('Plan your visit');
    expect(within(plan).getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe('#/pages/book-now');
    expect(within(plan).getByRole('link', { name: 'Membership' }).getAttribute('href')).toBe('#/pages/membership');
    expect(within(plan).getByRole('link', { name: 'Press' }).getAttribute('href')).toBe('#/pages/press');
    const visit = await region('Visit us');
    expect(within(visit).getByText(/12 Ice House Street/)).toBeTruthy();
  });
});

describe('venues', () => {
  it('lists every venue with a link to its detail page', async () => {
    await openApp('/pages/venue');
    await findHeading('Our venues');
    for (const venue of VENUES) {
      const card = screen.getByRole('article', { name: venue.title });
      expect(within(card).getByText(venue.address)).toBeTruthy();
      expect(within(card).getByRole('link', { name: `Hours and menus for ${venue.title}` }).getAttribute('href')).toBe(`#/pages/venue-detail?domain=${venue.domain}`);
      expect(within(card).getByRole('link', { name: `Book a table at ${venue.title}` }).getAttribute('href')).toBe(`#/pages/book?domain=${venue.domain}`);
    }
  });
});

describe('venue detail', () => {
  // First in the file to open Le Clos, so the call count is not hidden by a kept answer.
  it('shows the opening hours and menus, with one call for the venue', async () => {
    const fetches = watchFetch();
    await openApp('/pages/venue-detail?domain=leclos');
    await findHeading('Le Clos');
    expect(screen.getByText('All-day Dining')).toBeTruthy();
    expect(screen.getByText(/the club's living room/)).toBeTruthy();

    // From the server: service periods with their days and times (the client's own hours until then).
    await findText('Mon – Fri: 8:00 am – 11:00 am');
    const opening = await region('Opening hours');
    expect(within(opening).getByText('Supper')).toBeTruthy();
    expect(within(opening).getByText('Mon – Fri: 8:00 am – 11:00 am')).toBeTruthy();
    expect(within(opening).getByText('Daily: 11:00 am – 5:00 pm')).toBeTruthy();

    const menus = await region('Menus');
    const view = within(menus).getByRole('link', { name: 'View All-Day Menu' });
    const preview = new URLSearchParams(view.getAttribute('href')!.split('?')[1]);
    expect(view.getAttribute('href')!.startsWith('#/pages/preview?')).toBe(true);
    expect(preview.get('url')).toBe('/public/menu/leclos-all-day.pdf');
    expect(preview.get('title')).toBe('Le Clos – All-Day Menu');
    const download = within(menus).getByRole('link', { name: 'Download All-Day Menu (PDF)' });
    expect(download.getAttribute('href')).toBe('/public/menu/leclos-all-day.pdf');
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(menus).getAllByRole('link', { name: /^View / })).toHaveLength(3);

    expect(screen.getByRole('link', { name: 'Book a table' }).getAttribute('href')).toBe('#/pages/book?domain=leclos');
    expect(screen.getByRole('link', { name: '+852 2388 6201' }).getAttribute('href')).toBe('tel:+85223886201');

    // Back to the list and in again: the kept answer serves the page, no second call.
    cleanup();
    await openApp('/pages/venue-detail?domain=leclos');
    await region('Opening hours');
    expect(fetches.calls('GET', '/public/venue/by-domain/leclos')).toBe(1);
  });

  it("says 'Venue domain is required' without a domain", async () => {
    const fetches = watchFetch();
    await openApp('/pages/venue-detail');
    await findHeading('Venue');
    expect(await screen.findByText('Venue domain is required')).toBeTruthy();
    expect(fetches.calls('GET', '/public/venue/by-domain/')).toBe(0);
  });

  it("says 'The venue information does not exist' for an unknown venue", async () => {
    await openApp('/pages/venue-detail?domain=nowhere');
    expect(await screen.findByText('The venue information does not exist', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book a table' })).toBeNull();
  });

  it("shows the server's message on a failed call, and Retry loads the venue", async () => {
    let failures = 1;
    watchFetch(({ path }) => {
      if (path !== '/public/venue/by-domain/obe' || failures-- <= 0) return undefined;
      return json(503, { status: 503, message: 'The venue service is resting. Please try again shortly.' });
    });
    await openApp('/pages/venue-detail?domain=obe');
    await findHeading('Obe');
    // What the client knows stays on the page while the server part failed.
    expect(within(await region('Opening hours')).getByText(/5:00 pm – 2:00 am/)).toBeTruthy();
    expect(await screen.findByText('The venue service is resting. Please try again shortly.', {}, SLOW)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    // The menus' names the page knows give way to the server's list with its links.
    await waitFor(async () => expect(within(await region('Menus')).getByRole('link', { name: 'View Whisky List' })).toBeTruthy(), SLOW);
    // The page's error goes at once; its toast is withdrawn (or, at the latest, gone after its 3 s).
    await waitFor(() => expect(screen.queryByText('The venue service is resting. Please try again shortly.')).toBeNull(), SLOW);
  });
});

describe('preview', () => {
  it('shows a club menu in the page, with download and new-tab links', async () => {
    const title = encodeURIComponent('Hop Sze – Dinner Menu');
    await openApp(`/pages/preview?url=%2Fpublic%2Fmenu%2Fhopsze-dinner.pdf&title=${title}`);
    await findHeading('Hop Sze – Dinner Menu');
    const frame = screen.getByTitle('Hop Sze – Dinner Menu');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/public/menu/hopsze-dinner.pdf');
    const download = screen.getByRole('link', { name: 'Download PDF' });
    expect(download.getAttribute('href')).toBe('/public/menu/hopsze-dinner.pdf');
    expect(download.hasAttribute('download')).toBe(true);
    const tab = screen.getByRole('link', { name: 'Open in new tab' });
    expect(tab.getAttribute('target')).toBe('_blank');
    expect(tab.getAttribute('rel')).toContain('noopener');
  });

  it.each([
    'https://evil.example/public/menu/x.pdf',
    '//evil.example/public/menu/x.pdf',
    '/public/menu/../user/user/me',
    '/user/user/me',
    'javascript:alert(1)',
    '/public/menu/x.pdf?next=https://evil.example',
  ])('refuses %s', async (url) => {
    await openApp(`/pages/preview?url=${encodeURIComponent(url)}&title=Menu`);
    await findHeading('Menu preview');
    expect(screen.getByText("This address is not one of the club's menus, so it cannot be shown here.")).toBeTruthy();
    expect(document.querySelector('iframe, object, embed')).toBeNull();
  });
});

describe('membership and the contact form', () => {
  it('shows what membership offers, the tiers with dues in HK$, and how to apply', async () => {
    await openApp('/pages/membership');
    await findHeading('Membership');
    const offers = await region('What membership offers');
    expect(within(offers).getByText(/Chef's Table at Bâtard/)).toBeTruthy();
    expect(within(offers).getByText(/Members' Cask Room at Obe/)).toBeTruthy();
    expect(within(offers).getByText(/monthly statement/)).toBeTruthy();
    expect(within(offers).getByText(/Reciprocal access/)).toBeTruthy();
    const tiers = await region('Membership categories and annual dues');
    const individual = within(tiers).getByRole('article', { name: 'Individual' });
    expect(within(individual).getByText('HK$36,000 a year')).toBeTruthy();
    expect(within(await region('How to apply')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('checks the form in the browser, sends it, acknowledges it and mails the sender', async () => {
    const user = userEvent.setup();
    const fetches = watchFetch();
    await openApp('/pages/membership');
    await findHeading('Membership');
    const form = screen.getByRole('form', { name: 'Membership enquiry' });
    const send = within(form).getByRole('button', { name: 'Send message' });

    await user.click(send);
    const required = [
      'Please enter your name!',
      'Please enter your email address!',
      'Please enter a subject!',
      'Please enter your message!',
    ];
    for (const text of required) {
      expect(within(form).getByText(text)).toBeTruthy();
    }
    const name = within(form).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(within(form).getByLabelText('Phone (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(fetches.calls('POST', '/public/contact-form')).toBe(0);

    const email = `applicant-${Date.now()}@example.com`;
    await user.type(name, 'Vivian Leung');
    await user.type(within(form).getByLabelText('Email'), 'vivian.example.com');
    await user.type(within(form).getByLabelText('Phone (optional)'), 'call me');
    await user.click(send);
    expect(within(form).getByText('Please enter a valid email address!')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid phone number')).toBeTruthy();
    expect(within(form).queryByText('Please enter your name!')).toBeNull();

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), email);
    await user.clear(within(form).getByLabelText('Phone (optional)'));
    await user.type(within(form).getByLabelText('Phone (optional)'), '+852 9123 4567');
    await user.type(within(form).getByLabelText('Subject'), 'Membership enquiry');
    await user.type(within(form).getByLabelText('Message'), 'I was proposed by a member and would like to visit.');
    await user.click(send);

    expect(
      await within(form).findByText(
        'Thank you for your message. Our concierge team will reply within one business day.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    for (const label of ['Name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
      expect((within(form).getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    expect(fetches.calls('POST', '/public/contact-form')).toBe(1);

    const outbox = await api().request('GET', `/dev/outbox?recipient=${encodeURIComponent(email)}`);
    expect(outbox.body.data).toHaveLength(1);
    expect(outbox.body.data[0]).toMatchObject({ channel: 'EMAIL', subject: 'We have received your message' });
    expect(outbox.body.data[0].body).toContain('Dear Vivian Leung');
  });

  it('sends the reader’s language with the message', async () => {
    const user = userEvent.setup();
    await openApp('/pages/membership', { locale: 'zh-Hant' });
    const form = await screen.findByRole('form', {}, SLOW);
    const email = `reader-${Date.now()}@example.com`;
    const fields = within(form).getAllByRole('textbox');
    // Labels may be translated: fill by order (name, email, phone, subject, message).
    await user.type(fields[0]!, 'Chan Tai Man');
    await user.type(fields[1]!, email);
    await user.type(fields[3]!, '會籍查詢');
    await user.type(fields[4]!, '請寄上入會資料。');
    await user.click(within(form).getByRole('button'));
    await within(form).findByRole('status', {}, SLOW);
    const concierge = await api().request('GET', '/dev/outbox?recipient=concierge%40example.com');
    const mail = (concierge.body.data as { body: string }[]).find((m) => m.body.includes(email));
    expect(mail?.body).toContain('Language: zh-Hant');
  });

  it("keeps what was typed and shows the server's message when refused; no second send meanwhile", async () => {
    const user = userEvent.setup();
    const REFUSAL = 'Too many messages from this address. Please try again in 10 minutes.';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The refusal is answered only when the test says so, to see the form while it is sending.
    watchFetch(async ({ method, path }) => {
      if (method !== 'POST' || path !== '/public/contact-form') return undefined;
      await held;
      return json(429, { status: 429, message: REFUSAL });
    });

    await openApp('/pages/membership');
    await findHeading('Membership');
    const form = screen.getByRole('form', { name: 'Membership enquiry' });
    await user.type(within(form).getByLabelText('Name'), 'Daniel Ho');
    await user.type(within(form).getByLabelText('Email'), 'daniel.ho@example.com');
    await user.type(within(form).getByLabelText('Subject'), 'Private dinner');
    await user.type(within(form).getByLabelText('Message'), 'A dinner for twelve in December.');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));

    const sending = await within(form).findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());

    expect(await within(form).findByText(REFUSAL, {}, SLOW)).toBeTruthy();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Daniel Ho');
    expect(within(form).getByLabelText('Message')).toHaveProperty('value', 'A dinner for twelve in December.');
    await waitFor(() =>
      expect((within(form).getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});

describe('press', () => {
  it('lists press mentions with publication, date, headline and quote, and a press contact', async () => {
    await openApp('/pages/press');
    await findHeading('Press');
    const articles = screen.getAllByRole('article');
    expect(articles.length).toBeGreaterThanOrEqual(5);
    const first = articles[0]!;
    expect(within(first).getByText(/Asia Table/)).toBeTruthy();
    expect(within(first).getByText('18 Sep 2026').getAttribute('datetime')).toBe('2026-09-18');
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toMatch(/Bâtard/);
    const enquiries = await region('Press enquiries');
    expect(within(enquiries).getByRole('link', { name: 'press@example.com' }).getAttribute('href')).toBe(
      'mailto:press@example.com',
    );
  });
});

describe('book now', () => {
  it('starts a booking at each venue, with a note on what can be booked online', async () => {
    await openApp('/pages/book-now');
    await findHeading('Book now');
    for (const venue of VENUES) {
      const card = screen.getByRole('article', { name: venue.title });
      expect(within(card).getByText(venue.desc)).toBeTruthy();
      expect(within(card).getByRole('link', { name: `Book at ${venue.title}` }).getAttribute('href')).toBe(
        `#/pages/book?domain=${venue.domain}`,
      );
    }
    const hopSze = screen.getByRole('article', { name: 'Hop Sze' });
    expect(within(hopSze).getByText(/Parties of 2 to 7 guests book online/)).toBeTruthy();
  });
});

describe('venue texts', () => {
  it('has a message for every text of venues.ts, so none is left untranslatable', () => {
    const texts = VENUES.flatMap((v) => [v.desc, v.introduction, ...v.diningHours.flatMap((d) => [d.title, d.desc])]);
    expect(texts.filter((text) => !hasVenueText(text))).toEqual([]);
  });
});
