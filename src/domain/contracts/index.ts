// One contract per shape (issue 41): the events of the bus and the streams, and the API answers they carry.
// Imports only zod and the domain, so the server, the client and tests share these.
export * from './achievements';
export * from './challenges';
export * from './dinosaurs';
export * from './events';
export * from './messages';
export * from './positions';
export * from './shared';
export * from './stream';
export * from './teams';
