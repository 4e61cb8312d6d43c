export * from './disputes';
export * from './history';
export * from './orders';
export * from './settings';
export * from './staff';
