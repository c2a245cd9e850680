// Admin and catalogue: species, missions, game masters and credits, overview.
// Multipart create/update and the downloads are plain routes in http/admin-*.ts.
import { router } from '../../trpc';
import { creditsAdd } from './credits-add';
import { gameMastersList } from './gamemasters-list';
import { mailOutbox } from './mail-outbox';
import { missionDelete } from './mission-delete';
import { missionsList } from './missions-list';
import { overview } from './overview';
import { speciesDelete } from './species-delete';
import { speciesList } from './species-list';
import { userDelete } from './user-delete';
import { userResendVerification } from './user-resend-verification';
import { userSignOut } from './user-sign-out';
import { userReactivate, userSuspend } from './user-status';
import { usersSearch } from './users-search';

export const adminRouter = router({
  overview,
  speciesList,
  speciesDelete,
  missionsList,
  missionDelete,
  gameMastersList,
  usersSearch,
  userDelete,
  userSignOut,
  userSuspend,
  userReactivate,
  creditsAdd,
  mailOutbox,
  userResendVerification,
});
