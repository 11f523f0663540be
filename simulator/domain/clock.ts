/**
 * The simulator's clock: real time scaled by `speed`, plus explicit advances. Everything that
 * happens "when" (call endings, campaign slots, retries) reads this clock, never Date.now().
 */
export class Clock {
  private baseReal = Date.now();
  private baseSim: number;
  constructor(
    private speedValue = 1,
    start: number = Date.now(),
  ) {
    this.baseSim = start;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Math.floor(this.baseSim + (Date.now() - this.baseReal) * this.speedValue);
  }

  get speed(): number {
    return this.speedValue;
  }

  setSpeed(speed: number): void {
    this.rebase();
    this.speedValue = speed;
  }

  advance(ms: number): void {
    this.rebase();
    this.baseSim += ms;
  }

  private rebase(): void {
    this.baseSim = this.nowMs();
    this.baseReal = Date.now();
  }
}
