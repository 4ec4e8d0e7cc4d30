# syntax=docker/dockerfile:1
# Parsedesk's image: the production path of docs/ops/production.md in two stages. The first installs every
# dependency and builds into /out; the second installs only the production dependencies there and runs the
# bundle with plain node as the unprivileged `node` user. One image serves every role (--role=...).
# Not built on our machines (no registry is reachable): apps/server/src/ops/production.integration.test.ts
# runs these same steps on the host, and runs this file's CMD and HEALTHCHECK as they are written here.

FROM node:20-bookworm-slim AS build
WORKDIR /src
# The manifests alone first, so a change to the sources reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -- --out /out

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /out ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# A new named volume mounted at /data takes this folder's owner, so the server (0700 folders, 0600 files)
# can write there without root.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
# 3000: HTTP (http role); 2525: SMTP (smtp role); 9464: /metrics and /health/* (every role; keep it internal).
EXPOSE 3000 2525 9464
# Ready, not merely alive: Docker's health drives compose's depends_on and proxies that route by it, and a
# process that cannot reach its database or is draining after SIGTERM should take no traffic.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# node itself, not npm start: npm would not pass the runtime's SIGTERM on (docs/ops/production.md).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js", "--role=http,smtp,worker"]
