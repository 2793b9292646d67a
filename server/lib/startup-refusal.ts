/**
 * Why the server (or one of its commands) will not go on: a message for the operator saying what is
 * wrong and what to do. The caller prints it and exits non-zero, having changed nothing.
 */
export class StartupRefusal extends Error {
  override readonly name = 'StartupRefusal';
}
