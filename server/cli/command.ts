/** Runs a command of the server's (`npm run create-admin`, `backup`, `restore`): a refusal is printed, exit 1. */
import { StartupRefusal } from '../lib/startup-refusal';

export async function runCommand(main: () => Promise<number>): Promise<never> {
  try {
    process.exit(await main());
  } catch (error) {
    if (!(error instanceof StartupRefusal)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
