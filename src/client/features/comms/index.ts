export { CommsFeed, type CommsFeedProps } from './CommsFeed';
export { MediaUpload, type MediaUploadProps } from './MediaUpload';
export { MessageComposer, type MessageComposerProps } from './MessageComposer';
export { QuickActions, type QuickActionsProps } from './QuickActions';
export { QUICK_ACTION_LABELS } from './quickActionCatalogue';
export type { CommsMessage, LatLng, RecipientType } from './types';
export type { TeamLabels } from './MessageItem';
