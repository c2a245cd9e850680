/** Where each role lands after signing in (accounts spec, section 4). */
export function homeForRole(role: string): string {
  if (role === 'gamemaster') return '/gamemaster';
  if (role === 'admin') return '/admin';
  return '/hunter';
}
