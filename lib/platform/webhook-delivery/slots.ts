// Owns the attempt slots of one worker process (WEBHOOK_CONCURRENCY): attempts in flight at once over all endpoints.

export class Slots {
  constructor(private free: number) {}

  tryTake(): boolean {
    if (this.free <= 0) return false;
    this.free -= 1;
    return true;
  }

  release(): void {
    this.free += 1;
  }
}
