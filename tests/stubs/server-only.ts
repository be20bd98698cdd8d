// Tests run server code in plain Node, where `server-only` has no meaning (see scripts/build-server.mjs).
export {};
