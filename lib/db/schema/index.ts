export * from './accounts';
export * from './booking';
export * from './catalog';
export * from './marketing';
export * from './system';
export * from './shop';
export * from './desk-schedule';
export * from './waitlist';
