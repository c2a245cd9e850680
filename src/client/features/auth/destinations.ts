/** Where each role lands after signing in (accounts spec, section 4). */
export function homeForRole(role: string): string {
  if (role === 'gamemaster') return '/gamemaster';
  if (role === 'admin') return '/admin';
  return '/hunter';
}

/** A guest hunter's screen: /hunter-mobile with the session and handle (accounts spec, section 2). */
export function guestHunterHome(sessionId: number | string, handle: string): string {
  return `/hunter-mobile?${new URLSearchParams({ sessionId: String(sessionId), handle })}`;
}

/** Where a signed-in user's own screen is: a guest's game session, else the role's page. */
export function homeForUser(user: { role: string; isGuest: boolean; firstName: string; gameSessionId?: number | null }): string {
  if (user.isGuest && user.gameSessionId) return guestHunterHome(user.gameSessionId, user.firstName);
  return homeForRole(user.role);
}
