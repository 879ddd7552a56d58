// Owns identifier generation: UUIDv7 (time-ordered, index-friendly), made in the app.
import { v7 as uuidv7, validate, version } from 'uuid';

export function newId(): string {
  return uuidv7();
}

export function isUuid(value: string): boolean {
  return validate(value) && version(value) >= 1;
}
