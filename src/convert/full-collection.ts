// One full V8 collection in this thread, now. Node exposes V8's collector only behind --expose-gc;
// the flag is set once (process-wide) and the function read from a fresh context.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

export function fullCollection(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
