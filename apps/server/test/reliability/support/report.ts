/** RELIABILITY_LONG=1 runs every reliability test at full length (CI); the default is short. */
export const isLong = process.env.RELIABILITY_LONG === '1' || process.env.RELIABILITY_LONG === 'true';

/** Short and long size of a test. */
export function size(short: number, long: number): number {
  return isLong ? long : short;
}

/** Prints one figure of the reliability suite (the README quotes them). */
export function reportFigure(line: string): void {
  console.info(`[reliability] ${line}`);
}

export function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}
