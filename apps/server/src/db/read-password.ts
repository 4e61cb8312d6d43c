import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * A password from the terminal (asked twice, not echoed) or, when stdin is not a terminal, from
 * its first line: `printf '%s\n' "$PASSWORD" | npm run create-admin -- ...` in a script.
 */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const first = await ask('Password: ');
  const second = await ask('Repeat the password: ');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

function ask(question: string): Promise<string> {
  process.stdout.write(question);
  // the typed characters go nowhere: readline would echo them to the terminal
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve) => {
    prompt.question('', (answer) => {
      prompt.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
