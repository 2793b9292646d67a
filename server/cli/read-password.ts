/**
 * A password for a command: typed at a prompt that does not echo it, twice, or, when stdin is not a
 * terminal (a pipe, a secret file), the first line of stdin. Never from the command line, where it would
 * be kept in the shell's history and shown to every user by `ps`.
 */
import { StartupRefusal } from '../lib/startup-refusal';

export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLine(await readAll(process.stdin));
  const password = await promptHidden(prompt);
  if ((await promptHidden('Once more: ')) !== password) throw new StartupRefusal('The two passwords differ: nothing was changed.');
  return password;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const firstLine = (text: string) => text.split(/\r?\n/)[0] ?? '';

function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chars: string) => {
      for (const char of chars) {
        if (char === '\r' || char === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          // Ctrl-C: raw mode swallows the signal, so leave as it would.
          stdin.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
