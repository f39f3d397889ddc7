import { customAlphabet } from 'nanoid';

// Letters and digits only: ids stay readable in URLs and can never spell an Object.prototype key.
const alphabet = customAlphabet('0123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 10);

export function createId(): string {
  return alphabet();
}
