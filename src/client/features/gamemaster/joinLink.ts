/**
 * The link (and QR code) a game master hands to hunters: the login page's
 * Hunter Session tab with the session id filled in, and the password only when
 * the game master chooses to include it.
 */
export function joinLink(origin: string, sessionId: number, password: string | null): string {
  const url = new URL('/login', origin);
  url.searchParams.set('tab', 'hunter');
  url.searchParams.set('sessionId', String(sessionId));
  if (password) url.searchParams.set('password', password);
  return url.toString();
}
