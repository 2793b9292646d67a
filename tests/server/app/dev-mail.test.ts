/**
 * The development mail catcher (GET /dev/mail): the outbox's mails as the guest will see them, newest
 * first, with their text, attachments and delivery status; nothing a guest typed runs; not in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { queueEmail, queueSms } from '../../../server/services/messaging/outbox';
import { DEV_MAIL_CSP } from '../../../server/routes/dev/dev-mail-page';
import { createTestApi, type TestApi } from '../../support/server/harness';

describe('GET /dev/mail', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('shows each mail rendered, its text, attachments and status, newest first, with no way to run a script', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await queueEmail(api.deps.db, {
      to: 'newcomer@example.com',
      subject: 'Reset your password',
      body: 'Dear <img src=x onerror=alert(1)>,\n\nOpen http://localhost:3000/#/pages/reset-password?token=abc&area=admin',
      attachments: [{ fileName: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: Buffer.from(ics).toString('base64') }],
    });
    await queueSms(api.deps.db, { to: '+85291234567', body: 'Your verification code is 123456.' });

    const res = await api.app.request('/dev/mail');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // Inline styles for the mails, and no script at all.
    expect(res.headers.get('content-security-policy')).toBe(DEV_MAIL_CSP);
    expect(DEV_MAIL_CSP).not.toMatch(/script-src|unsafe-eval/);
    const page = await res.text();
    expect(page).not.toMatch(/<script|<img/i);
    // Newest first: the SMS, then the mail.
    expect(page.indexOf('Your verification code is 123456.')).toBeLessThan(page.indexOf('Reset your password'));
    expect(page).toContain('<h2>Reset your password</h2>');
    expect(page).toContain('<dd>newcomer@example.com</dd>');
    expect(page).toContain('<span class="QUEUED">QUEUED (0 attempts)</span>');
    // The mail's HTML sits escaped in a sandboxed frame: its link is a link there, the guest's markup text.
    const srcdoc = /<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="([^"]*)"/.exec(page)?.[1];
    expect(srcdoc).toBeDefined();
    const framed = srcdoc!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(framed).toContain('<a href="http://localhost:3000/#/pages/reset-password?token=abc&amp;area=admin"');
    expect(framed).toContain('Dear &lt;img src=x onerror=alert(1)&gt;,');
    // The text part, escaped.
    expect(page).toContain('<pre>Dear &lt;img src=x onerror=alert(1)&gt;,\n\nOpen http://localhost:3000/#/pages/reset-password?token=abc&amp;area=admin</pre>');

    const link = /href="(\/dev\/mail\/[^"]+\/attachments\/0)" download="booking.ics"/.exec(page)?.[1];
    expect(link).toBeDefined();
    const attachment = await api.app.request(link!);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(attachment.headers.get('content-disposition')).toBe('attachment; filename="booking.ics"');
    expect(await attachment.text()).toBe(ics);
    expect((await api.app.request(link!.replace(/0$/, '1'))).status).toBe(404);

    const narrowed = await (await api.app.request('/dev/mail?recipient=NEWCOMER@example.com')).text();
    expect(narrowed).toContain('Reset your password');
    expect(narrowed).not.toContain('verification code');
  });

  it('does not exist in production', async () => {
    const production = createApp({ ...api.deps, config: { ...api.deps.config, production: true } });
    expect((await production.request('/dev/mail')).status).toBe(404);
  });
});
