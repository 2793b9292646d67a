/**
 * The node test files share their worker processes (vite.config.ts's `shared` project): before each file,
 * the modules of the project it imports are evaluated afresh, as in a process of its own, so no file sees
 * another's module state; and whatever a file before it left stubbed or faked (globals, environment
 * variables, timers) is put back, so a file that forgot to is not another file's failure. Only the
 * installed packages stay loaded, which is what sharing saves.
 * Listed first, before the setup files that set module state (the password hash cost).
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
