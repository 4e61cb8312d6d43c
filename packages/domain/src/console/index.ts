export * from './move-kinds';
export * from './schemas';
export * from './sla';
export * from './sort';
