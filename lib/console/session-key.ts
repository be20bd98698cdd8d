/** The key under which the server process hands the console its cookie-sealing key (a global, as IN_PROCESS_API). */
export const CONSOLE_SESSION_KEY = Symbol.for('payin-gateway.console-session-key');
