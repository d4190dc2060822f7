export * from './card-encryption.ts';
export * from './cards.ts';
export * from './envelope.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './profile.ts';
export * from './support.ts';
