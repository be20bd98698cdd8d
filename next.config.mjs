import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm run typecheck` checks the whole repository (server, tests, app) once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
