// The disputes feature's public face: other features import it from here, never its files.
export { intakeDispute } from './intake-dispute';
