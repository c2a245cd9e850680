// Kept as the name the headers import: the account buttons no longer need the API clients.
export { AccountActions as AccountActionsIsland } from './AccountActions';
