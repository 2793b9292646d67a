/** Reading manage links out of the mails the tests receive. */

/** The token of the first manage link in a mail body (its action's too when `action` is given). */
export function manageTokenIn(body: string, action?: 'confirm' | 'cancel'): string | undefined {
  const pattern = action ? new RegExp(`#/pages/manage\\?token=([^&\\s]+)&action=${action}`) : /#\/pages\/manage\?token=([^&\s]+)/;
  const token = pattern.exec(body)?.[1];
  return token && decodeURIComponent(token);
}
