// How the admin screens name an account, and whether it is suspended (GameMasters and Users tabs).
type Account = { id: string; firstName: string; lastName: string; username: string | null; email: string | null; accountStatus: string };

export const accountName = (a: Account): string => `${a.firstName} ${a.lastName}`.trim() || a.username || a.email || a.id;
export const isSuspended = (a: Pick<Account, 'accountStatus'>): boolean => a.accountStatus === 'suspended';
export type { Account };
