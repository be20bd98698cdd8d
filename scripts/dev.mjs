// npm run dev: the server in development mode (Next's dev server behind the same front door), on
// every platform: setting NODE_ENV here rather than in the shell works on Windows too.
process.env.NODE_ENV = 'development';
await import('../dist/server/main.js');
